import { Descriptions, Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";

/**
 * What the owner pastes at Google: the webhook URL. Google checks it with the client token saved with the connection.
 */
export function RbmWebhook({ channel }: { channel: CarrierChannelRecord }) {
  return (
    <>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        In Google&apos;s Business Communications console, open the agent, then Integrations → Webhook → Configure, and
        paste this URL. Google confirms it with the client token you saved here; events without Google&apos;s signature
        are refused.
      </Typography.Paragraph>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Webhook URL">
          <Typography.Text
            copyable={{ text: channel.webhook.url, tooltips: ["Copy URL", "Copied"] }}
            code
            style={{ fontSize: 12, wordBreak: "break-all" }}
          >
            {channel.webhook.url}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
