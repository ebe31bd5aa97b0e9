import { ApiOutlined, DisconnectOutlined, EditOutlined, LockOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Descriptions, Divider, Flex, Popconfirm, Space, Tag, Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";
import { ChannelHealth } from "../../wabas/components/channel-health";
import type { SmsProvidersModel } from "../use-sms-providers";
import { DlrWebhook } from "./dlr-webhook";
import { presetLabel } from "./sms-http-preset";

const Headers = ({ ids }: { ids: readonly string[] }) => (
  <Space size={[4, 4]} wrap>
    {ids.map((h) => (
      <Tag key={h} style={{ fontFamily: "monospace" }}>
        {h}
      </Tag>
    ))}
  </Space>
);

/** One SMS provider connection: its state, health, settings, what is stored (never the secret) and actions. */
export function SmsProviderCard({ channel, page }: { channel: CarrierChannelRecord; page: SmsProvidersModel }) {
  const connected = channel.status === "connected";
  const test = page.lastTest[channel._id];
  const smpp = channel.sms?.smpp ?? null;
  const http = channel.sms?.http ?? null;
  return (
    <Card
      title={
        <Space size={8} wrap>
          <ApiOutlined />
          <span>{channel.name}</span>
          <Tag color={connected ? "green" : "red"}>{connected ? "Connected" : "Disconnected"}</Tag>
          <Tag>{smpp ? "SMPP 3.4" : "HTTP"}</Tag>
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
            description="Its sender ids go back to the sandbox; the credentials are deleted."
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
            message="Nothing is sent through this provider"
            description={channel.statusReason ?? "The provider refused the connection."}
            action={<Button size="small" onClick={() => page.openEdit(channel)}>Edit the credentials</Button>}
          />
        )}
        {test && (test.ok || connected) && <Alert type={test.ok ? "success" : "error"} showIcon closable message={test.ok ? "Connection works" : "Connection test failed"} description={test.message} />}
        <ChannelHealth channel={channel} per={smpp ? "per bind" : "at most"} />
        <Divider style={{ margin: 0 }} />
        <Descriptions size="small" layout="vertical" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="Sender ids">
            <Headers ids={channel.sms?.senderIds ?? []} />
          </Descriptions.Item>
          {smpp && (
            <>
              <Descriptions.Item label="SMSC">
                <Typography.Text code>
                  {smpp.host}:{smpp.port}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="System id">
                {smpp.systemId}
                {smpp.systemType ? <Typography.Text type="secondary"> · type {smpp.systemType}</Typography.Text> : null}
              </Descriptions.Item>
            </>
          )}
          {http && (
            <>
              {presetLabel(http.preset) && <Descriptions.Item label="Preset">{presetLabel(http.preset)}</Descriptions.Item>}
              <Descriptions.Item label="Send URL">
                <Typography.Text code style={{ wordBreak: "break-all" }}>
                  {http.url}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="Auth header">
                <Typography.Text code>
                  {http.authHeader}: {http.authPrefix}…
                </Typography.Text>
              </Descriptions.Item>
            </>
          )}
          <Descriptions.Item label="DLT entity id">
            {channel.sms?.dltEntityId ? (
              <span>
                {channel.sms.dltEntityId}
                {smpp ? <Typography.Text type="secondary"> · TLV {smpp.dltEntityIdTag}</Typography.Text> : null}
              </span>
            ) : (
              <Typography.Text type="secondary">Not sent</Typography.Text>
            )}
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
        {http ? (
          <div>
            <Typography.Text strong>{http.inbound ? "Delivery reports and customers' messages" : "Delivery reports"}</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <DlrWebhook channel={channel} />
            </div>
          </div>
        ) : (
          <Typography.Text type="secondary">Delivery receipts and replies arrive over the bind; there is nothing to paste at the provider.</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
