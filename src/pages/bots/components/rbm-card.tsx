import { DisconnectOutlined, EditOutlined, GoogleOutlined, LockOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Descriptions, Divider, Flex, Popconfirm, Space, Tag, Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";
import { RCS_USE_CASE_LABELS, type RcsUseCase } from "../../../../contract/domain/rcs-bots";
import { ChannelHealth } from "../../wabas/components/channel-health";
import type { RbmChannelsModel } from "../use-rbm-channels";
import { RbmWebhook } from "./rbm-webhook";

/** One Google RBM connection: its state, health, agent and bot, what is stored (never the secret) and actions. */
export function RbmCard({ channel, page }: { channel: CarrierChannelRecord; page: RbmChannelsModel }) {
  const connected = channel.status === "connected";
  const test = page.lastTest[channel._id];
  const rcs = channel.rcs;
  return (
    <Card
      title={
        <Space size={8} wrap>
          <GoogleOutlined />
          <span>{channel.name}</span>
          <Tag color={connected ? "green" : "red"}>{connected ? "Connected" : "Disconnected"}</Tag>
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
            title={`Disconnect ${channel.name}?`}
            description="Its bot goes back to the sandbox; the service-account key and client token are deleted."
            okText="Disconnect"
            okButtonProps={{ danger: true }}
            onConfirm={() => page.remove(channel)}
          >
            <Button danger icon={<DisconnectOutlined />}>
              Disconnect
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Flex vertical gap={16}>
        {!connected && (
          <Alert
            type="error"
            showIcon
            message="Nothing is sent through this agent"
            description={channel.statusReason ?? "Google refused the connection."}
            action={<Button size="small" onClick={() => page.openEdit(channel)}>Upload a new key</Button>}
          />
        )}
        {test && (test.ok || connected) && <Alert type={test.ok ? "success" : "error"} showIcon closable message={test.ok ? "Connection works" : "Connection test failed"} description={test.message} />}
        <ChannelHealth channel={channel} per="per agent" />
        <Divider style={{ margin: 0 }} />
        <Descriptions size="small" layout="vertical" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="Bot">{rcs?.botName || <Typography.Text type="secondary">Deleted</Typography.Text>}</Descriptions.Item>
          <Descriptions.Item label="Agent id">
            <Typography.Text code>{rcs?.agentId}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Use case">{rcs ? RCS_USE_CASE_LABELS[rcs.useCase as RcsUseCase]?.split(":")[0] ?? rcs.useCase : null}</Descriptions.Item>
          <Descriptions.Item label="Service account">
            <Typography.Text style={{ wordBreak: "break-all" }}>{rcs?.serviceAccount}</Typography.Text>
          </Descriptions.Item>
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
            <RbmWebhook channel={channel} />
          </div>
        </div>
      </Flex>
    </Card>
  );
}
