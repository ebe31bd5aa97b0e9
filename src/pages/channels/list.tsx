import { ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Row, Skeleton, Typography } from "antd";
import { MSG } from "../../../contract";
import { PageHeader } from "../common/page-header";
import { ChannelCard } from "./components/channel-card";
import { CHANNEL_KEYS } from "./channels-state";
import { useChannels } from "./use-channels";
import { formatTimeWithSeconds } from "../../shell/format";

/** Communication Channels: every channel's integration as a card, switched on or off by a manager or user. */
export function ChannelsList() {
  const page = useChannels();
  let body;
  if (page.loading)
    body = (
      <Row gutter={[16, 16]}>
        {CHANNEL_KEYS.map((k) => (
          <Col key={k} xs={24} md={12} xl={8}>
            <Card>
              <Skeleton active avatar paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  else if (!page.data)
    body = (
      <Alert
        type="error"
        showIcon
        message={MSG.fetchChannels}
        description="The channel list could not be loaded. Check your connection and try again."
        action={
          <Button size="small" onClick={page.refresh} loading={page.refreshing}>
            Retry
          </Button>
        }
      />
    );
  else {
    const flags = page.data;
    body = (
      <Row gutter={[16, 16]}>
        {CHANNEL_KEYS.map((k) => (
          <Col key={k} xs={24} md={12} xl={8}>
            <ChannelCard
              channel={k}
              enabled={flags[k]}
              connected={k === "voice" || k === "email" ? undefined : page.connected?.[k]}
              canUpdate={page.canUpdate}
              saving={page.saving === k}
              onChange={(on) => void page.setChannel(k, on)}
            />
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <>
      <PageHeader
        description="Switch the channels your account sends on, and open each channel's settings."
        extra={
          <>
            {page.lastFetched !== null && (
              <Typography.Text type="secondary" style={{ alignSelf: "center" }}>
                Updated {formatTimeWithSeconds(page.lastFetched)}
              </Typography.Text>
            )}
            <Button icon={<ReloadOutlined />} onClick={page.refresh} loading={page.refreshing && !page.loading}>
              Refresh
            </Button>
          </>
        }
      />
      {body}
    </>
  );
}
