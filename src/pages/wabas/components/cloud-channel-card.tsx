import { ApiOutlined, DeleteOutlined, EditOutlined, LockOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Descriptions, Divider, Flex, Popconfirm, Space, Tag, Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";
import type { CloudChannelsModel } from "../use-cloud-channels";
import { ChannelHealth } from "./channel-health";
import { WebhookDetails } from "./webhook-details";

/** One WhatsApp Cloud API connection: its state, health, webhook, what is stored (never the secrets) and actions. */
export function CloudChannelCard({ channel, page }: { channel: CarrierChannelRecord; page: CloudChannelsModel }) {
  const connected = channel.status === "connected";
  const test = page.lastTest[channel._id];
  return (
    <Card
      title={
        <Space size={8} wrap>
          <ApiOutlined />
          <span>{channel.name}</span>
          <Tag color={connected ? "green" : "red"}>{connected ? "Connected" : "Disconnected"}</Tag>
          <Tag>WhatsApp Cloud API</Tag>
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
            title={`Remove ${channel.name}?`}
            description="Its WhatsApp Business Account and number leave this console; nothing more is sent through them."
            okText="Remove"
            okButtonProps={{ danger: true }}
            onConfirm={() => page.remove(channel)}
          >
            <Button danger icon={<DeleteOutlined />} aria-label={`Remove ${channel.name}`} />
          </Popconfirm>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        {!connected && (
          <Alert
            type="error"
            showIcon
            message="Nothing is sent through this number"
            description={channel.statusReason ?? "The connection was refused by Meta."}
            action={<Button size="small" onClick={() => page.openEdit(channel)}>Enter a new token</Button>}
          />
        )}
        {/* A failed test of a disconnected channel says what the alert above already says. */}
        {test && (test.ok || connected) && <Alert type={test.ok ? "success" : "error"} showIcon closable message={test.ok ? "Connection works" : "Connection test failed"} description={test.message} />}
        <ChannelHealth channel={channel} />
        <Divider style={{ margin: 0 }} />
        <Descriptions size="small" layout="vertical" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="WABA ID">
            <Typography.Text copyable>{channel.wabaId}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Phone number ID">
            <Typography.Text copyable>{channel.phoneNumberIds.join(", ")}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Connected by">{channel.onboarding === "embedded-signup" ? "Embedded Signup (Facebook)" : "Manual entry"}</Descriptions.Item>
          <Descriptions.Item label="App ID">{channel.appId ?? <Typography.Text type="secondary">Not set (template media needs it)</Typography.Text>}</Descriptions.Item>
          {channel.credentials.map((c) => (
            <Descriptions.Item key={c.field} label={c.label}>
              <Space size={6}>
                <LockOutlined style={{ color: "#8c8c8c" }} />
                {c.set ? <span>Stored{c.last4 ? `, ends in ${c.last4}` : ""}</span> : <Typography.Text type="warning">Not set</Typography.Text>}
              </Space>
            </Descriptions.Item>
          ))}
        </Descriptions>
        <div>
          <Typography.Text strong>Webhook</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <WebhookDetails channel={channel} />
          </div>
        </div>
      </Flex>
    </Card>
  );
}
