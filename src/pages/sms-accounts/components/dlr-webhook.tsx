import { Descriptions, Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";

const Copyable = ({ text, what }: { text: string; what: string }) => (
  <Typography.Text
    copyable={{ text, tooltips: [`Copy ${what}`, "Copied"] }}
    code
    style={{ fontSize: 12, wordBreak: "break-all" }}
  >
    {text}
  </Typography.Text>
);

/**
 * What the owner pastes at an HTTP SMS provider: the delivery-report URL and, once the inbound fields are set, the
 * URL customers' messages go to; the token in both is the proof a callback is ours.
 */
export function DlrWebhook({ channel }: { channel: CarrierChannelRecord }) {
  const http = channel.sms?.http;
  const inbound = http?.inbound ?? null;
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        In your provider&apos;s panel, set the delivery report (DLR) callback URL, sent as a JSON POST.{" "}
        {inbound
          ? "Set the inbound URL as the callback for messages customers send to your number (JSON, a form or a GET query)."
          : "To receive customers' messages too, edit this provider and fill in its inbound fields."}{" "}
        Callbacks without the token are refused.
      </Typography.Paragraph>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="DLR callback URL">
          <Copyable text={channel.webhook.url} what="URL" />
        </Descriptions.Item>
        {http && inbound && (
          <Descriptions.Item label="Inbound URL">
            <Copyable text={http.inboundUrl} what="URL" />
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Reads {inbound.fromPath} (customer), {inbound.textPath} (text), {inbound.idPath} (message id),{" "}
                {inbound.toPath ? `${inbound.toPath} (your number)` : `your number ${inbound.number ?? ""}`}
              </Typography.Text>
            </div>
          </Descriptions.Item>
        )}
        <Descriptions.Item label="Token">
          <Copyable text={channel.webhook.verifyToken} what="token" />
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
