import { Descriptions, Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";

/** What the owner pastes at Meta: the callback URL and verify token, with where they go. */
export function WebhookDetails({ channel, compact = false }: { channel: CarrierChannelRecord; compact?: boolean }) {
  const embedded = channel.onboarding === "embedded-signup";
  return (
    <>
      {!compact && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {embedded
            ? "Meta was told this URL when the number was connected; nothing to paste."
            : "In your Meta app: App Dashboard → WhatsApp → Configuration → Webhook. Paste both, verify, then subscribe to the messages and message_template_status_update fields."}
        </Typography.Paragraph>
      )}
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="Callback URL">
          <Typography.Text
            copyable={{ text: channel.webhook.url, tooltips: ["Copy URL", "Copied"] }}
            code
            style={{ fontSize: 12, wordBreak: "break-all" }}
          >
            {channel.webhook.url}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Verify token">
          <Typography.Text
            copyable={{ text: channel.webhook.verifyToken, tooltips: ["Copy token", "Copied"] }}
            code
            style={{ fontSize: 12, wordBreak: "break-all" }}
          >
            {channel.webhook.verifyToken}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
