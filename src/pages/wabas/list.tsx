import { PlusOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Flex, Skeleton, Table, Typography } from "antd";
import type { WabaPhoneNumber } from "../../../contract";
import { PageHeader } from "../common/page-header";
import { AnalyticsCard } from "./components/analytics-card";
import { BusinessProfileCard } from "./components/business-profile-card";
import { CloudChannelCard } from "./components/cloud-channel-card";
import { CloudDrawer } from "./components/cloud-drawer";
import { ConnectCard } from "./components/connect-card";
import { QualityTag } from "./components/quality-tag";
import { WabaCard } from "./components/waba-card";
import { useCloudChannels } from "./use-cloud-channels";
import { useWabas } from "./use-wabas";

/** A department head's view: the organization's numbers without the account details it may not read. */
function NumbersCard({ phones }: { phones: readonly WabaPhoneNumber[] }) {
  return (
    <Card title="Phone numbers" styles={{ body: { padding: 0 } }}>
      <Table<WabaPhoneNumber>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...phones]}
        columns={[
          { title: "Number", dataIndex: "display_phone_number", key: "n" },
          { title: "Verified name", dataIndex: "verified_name", key: "v" },
          {
            title: "Quality",
            dataIndex: "quality_rating",
            key: "q",
            render: (v: WabaPhoneNumber["quality_rating"]) => <QualityTag rating={v} />,
          },
        ]}
      />
    </Card>
  );
}

/**
 * Channels → WhatsApp: the WhatsApp Cloud API connections (credentials, webhook, health), the connected WhatsApp
 * Business Accounts with their numbers (real and sandbox side by side), the business profile and analytics.
 */
export function WabasList() {
  const page = useWabas();
  const cloud = useCloudChannels();
  const connected = page.phones.length > 0 || cloud.channels.length > 0;

  let body;
  if (page.loading || cloud.loading)
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  else if (page.error)
    body = (
      <Alert
        type="error"
        showIcon
        message={page.error}
        action={
          <Button size="small" onClick={page.retry}>
            Retry
          </Button>
        }
      />
    );
  else if (!connected)
    body = (
      <ConnectCard
        canConnect={page.canConnect}
        connecting={page.connecting}
        onConnect={() => void page.connect()}
        {...(cloud.canManage ? { onConnectCloud: cloud.openConnect } : {})}
      />
    );
  else
    body = (
      <Flex vertical gap={16}>
        {cloud.error && (
          <Alert
            type="error"
            showIcon
            message={cloud.error}
            action={
              <Button size="small" onClick={() => void cloud.retry()}>
                Retry
              </Button>
            }
          />
        )}
        {cloud.channels.length > 0 && (
          <Flex vertical gap={16}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              Cloud API connections
            </Typography.Title>
            {cloud.channels.map((channel) => (
              <CloudChannelCard key={channel._id} channel={channel} page={cloud} />
            ))}
          </Flex>
        )}
        {page.canList ? (
          <>
            <Typography.Title level={5} style={{ margin: 0 }}>
              WhatsApp Business Accounts
            </Typography.Title>
            {page.wabas.map((waba) => (
              <WabaCard key={waba._id} waba={waba} />
            ))}
          </>
        ) : (
          <NumbersCard phones={page.phones} />
        )}
        <AnalyticsCard />
        {page.canEditProfile && page.phones.length > 0 && <BusinessProfileCard phones={page.phones} />}
      </Flex>
    );

  return (
    <>
      <PageHeader
        description="Your WhatsApp Business Accounts: real numbers on the Cloud API and sandbox ones side by side, the profile customers see, and how messages fare."
        extra={
          cloud.canManage && connected ? (
            <>
              {page.canConnect && page.wabas.every((w) => w.provider !== "sandbox") && (
                <Button loading={page.connecting} onClick={() => void page.connect()}>
                  Add the sandbox
                </Button>
              )}
              <Button type="primary" icon={<PlusOutlined />} onClick={cloud.openConnect}>
                Connect WhatsApp Cloud API
              </Button>
            </>
          ) : undefined
        }
      />
      {body}
      <CloudDrawer
        page={cloud}
        onSignedUp={async (result) => {
          const ok = await page.connect({ ...result });
          if (ok) await cloud.refresh();
          return ok;
        }}
      />
    </>
  );
}
