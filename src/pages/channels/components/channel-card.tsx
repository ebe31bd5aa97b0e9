import { ArrowRightOutlined } from "@ant-design/icons";
import { Avatar, Badge, Card, Flex, Switch, Tooltip, Typography } from "antd";
import { Link } from "react-router";
import { CHANNEL_META } from "./channel-meta";
import { connectionStatus, type ChannelKey } from "../channels-state";

export interface ChannelCardProps {
  channel: ChannelKey;
  enabled: boolean;
  /** How many of what the channel connects (WABAs, bots, SMS accounts) the account has; undefined: flag only. */
  connected: number | undefined;
  canUpdate: boolean;
  saving: boolean;
  onChange: (enabled: boolean) => void;
}

/** One channel of the overview: what it is, whether it is on, a switch when the role may change it. */
export function ChannelCard({ channel, enabled, connected, canUpdate, saving, onChange }: ChannelCardProps) {
  const meta = CHANNEL_META[channel];
  const status = connectionStatus(meta.connects, connected);
  const switchEl = (
    <Switch
      checked={enabled}
      loading={saving}
      disabled={!canUpdate}
      onChange={onChange}
      aria-label={`${meta.title} integration`}
      checkedChildren="On"
      unCheckedChildren="Off"
    />
  );
  return (
    <Card
      data-testid={`channel-card-${channel}`}
      style={{ height: "100%" }}
      styles={{ body: { display: "flex", flexDirection: "column", height: "100%", gap: 12 } }}
    >
      <Flex justify="space-between" align="flex-start" gap={12}>
        <Flex gap={12} align="center">
          <Avatar
            size={44}
            icon={meta.icon}
            style={{ background: `${meta.color}1f`, color: meta.color, fontSize: 22 }}
          />
          <div>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {meta.title}
            </Typography.Title>
            <Badge status={status.badge} text={status.text} />
          </div>
        </Flex>
        {canUpdate ? switchEl : <Tooltip title="Your role cannot change channel integrations">{switchEl}</Tooltip>}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: 0, flex: 1 }}>
        {meta.description}
      </Typography.Paragraph>
      {meta.subPath ? (
        <Link to={meta.subPath} aria-label={`${meta.manageLabel}, ${meta.title} channel`}>
          {meta.manageLabel} <ArrowRightOutlined />
        </Link>
      ) : (
        <Typography.Text type="secondary">No settings yet</Typography.Text>
      )}
    </Card>
  );
}
