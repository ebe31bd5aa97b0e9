import { DeleteOutlined, DisconnectOutlined, EditOutlined, LockOutlined } from "@ant-design/icons";
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Divider,
  Flex,
  Popconfirm,
  Space,
  Tag,
  Typography,
  type DescriptionsProps,
} from "antd";
import type { ReactNode } from "react";
import type { CarrierChannelRecord } from "../../../../contract";
import { ChannelHealth } from "./channel-health";
import type { CarrierChannelKit } from "../kits";

/** What a card and a connect drawer do with a connection: the kit's test, its last result, edit and removal. */
export interface ChannelActions {
  test: (channel: CarrierChannelRecord) => Promise<void>;
  testing: string | null;
  lastTest: Record<string, { ok: boolean; message: string }>;
  openEdit: (channel: CarrierChannelRecord) => void;
  remove: (channel: CarrierChannelRecord) => Promise<void>;
}

/** What is stored of each secret: never the secret, only whether it is set and its last characters. */
const credentialItems = (channel: CarrierChannelRecord): NonNullable<DescriptionsProps["items"]> =>
  channel.credentials.map((c) => ({
    key: c.field,
    label: c.label,
    children: (
      <Space size={6}>
        <LockOutlined style={{ color: "#8c8c8c" }} />
        {c.set ? (
          <span>Stored{c.last4 ? `, ends in ${c.last4}` : ""}</span>
        ) : (
          <Typography.Text type="warning">Not set</Typography.Text>
        )}
      </Space>
    ),
  }));

/** A titled block under a card's details (the webhook to paste at the provider). */
export function CardBlock({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ marginTop: 8 }}>{children}</div>
    </div>
  );
}

/**
 * One provider connection on a channel page: its state, health, the provider's settings (`details`, from the page),
 * what is stored of its secrets, then `children` (what to paste at the provider); with test, edit and removal.
 */
export function ChannelCard({
  kit,
  channel,
  page,
  details,
  children,
}: {
  kit: CarrierChannelKit;
  channel: CarrierChannelRecord;
  page: ChannelActions;
  details: NonNullable<DescriptionsProps["items"]>;
  children: ReactNode;
}) {
  const { icon: Icon, kindTag, per, down, remove } = kit.card;
  const connected = channel.status === "connected";
  const test = page.lastTest[channel._id];
  return (
    <Card
      title={
        <Space size={8} wrap>
          <Icon />
          <span>{channel.name}</span>
          <Tag color={connected ? "green" : "red"}>{connected ? "Connected" : "Disconnected"}</Tag>
          {kindTag && <Tag>{kindTag(channel)}</Tag>}
        </Space>
      }
      extra={
        <Space wrap>
          <Button onClick={() => void page.test(channel)} loading={page.testing === channel._id}>
            Test connection
          </Button>
          <Button icon={<EditOutlined />} onClick={() => page.openEdit(channel)}>
            Edit
          </Button>
          <Popconfirm
            title={`${remove.verb} ${channel.name}?`}
            description={remove.description}
            okText={remove.verb}
            okButtonProps={{ danger: true }}
            onConfirm={() => page.remove(channel)}
          >
            {remove.verb === "Disconnect" ? (
              <Button danger icon={<DisconnectOutlined />}>
                Disconnect
              </Button>
            ) : (
              <Button danger icon={<DeleteOutlined />} aria-label={`${remove.verb} ${channel.name}`} />
            )}
          </Popconfirm>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        {!connected && (
          <Alert
            type="error"
            showIcon
            message={down.message}
            description={channel.statusReason ?? down.fallback}
            action={
              <Button size="small" onClick={() => page.openEdit(channel)}>
                {down.action}
              </Button>
            }
          />
        )}
        {/* A failed test of a disconnected channel says what the alert above already says. */}
        {test && (test.ok || connected) && (
          <Alert
            type={test.ok ? "success" : "error"}
            showIcon
            closable
            message={test.ok ? "Connection works" : "Connection test failed"}
            description={test.message}
          />
        )}
        <ChannelHealth channel={channel} per={per(channel)} />
        <Divider style={{ margin: 0 }} />
        <Descriptions
          size="small"
          layout="vertical"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[...details, ...credentialItems(channel)]}
        />
        {children}
      </Flex>
    </Card>
  );
}
