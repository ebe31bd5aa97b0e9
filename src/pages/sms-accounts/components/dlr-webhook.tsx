import { Descriptions, Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";

/** What the owner pastes at an HTTP SMS provider: the delivery-report URL, whose token is the proof reports are ours. */
export function DlrWebhook({ channel }: { channel: CarrierChannelRecord }) {
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        In your provider&apos;s panel, set this as the delivery report (DLR) callback URL, sent as a JSON POST. Reports without the token are refused.
      </Typography.Paragraph>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="DLR callback URL">
          <Typography.Text copyable={{ text: channel.webhook.url, tooltips: ["Copy URL", "Copied"] }} code style={{ fontSize: 12, wordBreak: "break-all" }}>
            {channel.webhook.url}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Token">
          <Typography.Text copyable={{ text: channel.webhook.verifyToken, tooltips: ["Copy token", "Copied"] }} code style={{ fontSize: 12, wordBreak: "break-all" }}>
            {channel.webhook.verifyToken}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
