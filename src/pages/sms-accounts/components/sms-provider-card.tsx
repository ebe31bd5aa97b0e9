import { Space, Tag, Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";
import { CardBlock, ChannelCard, type ChannelActions } from "../../carrier-channels/components/channel-card";
import { SMS_KIT } from "../../carrier-channels/kits";
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

/**
 * The provider's settings on its card: the SMSC and bind, or the HTTP API; and the DLT entity id sent with each
 * message.
 */
function detailsOf(channel: CarrierChannelRecord) {
  const smpp = channel.sms?.smpp ?? null;
  const http = channel.sms?.http ?? null;
  const preset = presetLabel(http?.preset);
  return [
    { key: "senders", label: "Sender ids", children: <Headers ids={channel.sms?.senderIds ?? []} /> },
    ...(smpp
      ? [
          {
            key: "smsc",
            label: "SMSC",
            children: (
              <Typography.Text code>
                {smpp.host}:{smpp.port}
              </Typography.Text>
            ),
          },
          {
            key: "systemId",
            label: "System id",
            children: (
              <>
                {smpp.systemId}
                {smpp.systemType ? <Typography.Text type="secondary"> · type {smpp.systemType}</Typography.Text> : null}
              </>
            ),
          },
        ]
      : []),
    ...(http
      ? [
          ...(preset ? [{ key: "preset", label: "Preset", children: preset }] : []),
          {
            key: "url",
            label: "Send URL",
            children: (
              <Typography.Text code style={{ wordBreak: "break-all" }}>
                {http.url}
              </Typography.Text>
            ),
          },
          {
            key: "auth",
            label: "Auth header",
            children: (
              <Typography.Text code>
                {http.authHeader}: {http.authPrefix}…
              </Typography.Text>
            ),
          },
        ]
      : []),
    {
      key: "dlt",
      label: "DLT entity id",
      children: channel.sms?.dltEntityId ? (
        <span>
          {channel.sms.dltEntityId}
          {smpp ? <Typography.Text type="secondary"> · TLV {smpp.dltEntityIdTag}</Typography.Text> : null}
        </span>
      ) : (
        <Typography.Text type="secondary">Not sent</Typography.Text>
      ),
    },
  ];
}

/** One SMS provider connection: the kit's card with its settings, and where its delivery reports come in. */
export function SmsProviderCard({ channel, page }: { channel: CarrierChannelRecord; page: ChannelActions }) {
  const http = channel.sms?.http ?? null;
  return (
    <ChannelCard kit={SMS_KIT} channel={channel} page={page} details={detailsOf(channel)}>
      {http ? (
        <CardBlock title={http.inbound ? "Delivery reports and customers' messages" : "Delivery reports"}>
          <DlrWebhook channel={channel} />
        </CardBlock>
      ) : (
        <Typography.Text type="secondary">
          Delivery receipts and replies arrive over the bind; there is nothing to paste at the provider.
        </Typography.Text>
      )}
    </ChannelCard>
  );
}
