import { Typography, theme } from "antd";
import { smsBodyParts } from "../../../../contract/domain/sms";

/** A phone's message thread as the recipient sees it: the DLT header as sender, the body with its variables marked. */
export function SmsPreview({ senderId, body }: { senderId: string; body: string }) {
  const { token } = theme.useToken();
  const sender = senderId || "HEADER";
  let n = 0;
  return (
    <div
      aria-label="SMS preview"
      style={{
        width: "100%",
        maxWidth: 320,
        margin: "0 auto",
        borderRadius: 32,
        border: `8px solid ${token.colorTextSecondary}`,
        background: token.colorBgLayout,
        overflow: "hidden",
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <div
        style={{
          display: "flex",
          alignItems: "center",
          gap: 10,
          padding: "14px 16px",
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <div
          style={{
            width: 34,
            height: 34,
            borderRadius: "50%",
            background: token.colorPrimary,
            color: token.colorTextLightSolid,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            fontWeight: 600,
          }}
        >
          {sender.charAt(0)}
        </div>
        <div style={{ minWidth: 0 }}>
          <Typography.Text
            strong
            style={{ display: "block", fontFamily: "monospace" }}
            data-testid="sms-preview-sender"
          >
            {sender}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 11 }}>
            Text message
          </Typography.Text>
        </div>
      </div>
      <div style={{ padding: "18px 14px 28px", minHeight: 260 }}>
        <Typography.Text
          type="secondary"
          style={{ display: "block", textAlign: "center", fontSize: 11, marginBottom: 10 }}
        >
          Today
        </Typography.Text>
        {body ? (
          <div
            data-testid="sms-preview-body"
            style={{
              background: token.colorBgContainer,
              color: token.colorText,
              borderRadius: "16px 16px 16px 4px",
              padding: "10px 12px",
              maxWidth: "88%",
              whiteSpace: "pre-wrap",
              wordBreak: "break-word",
              fontSize: 14,
              lineHeight: 1.45,
              border: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {smsBodyParts(body).map((part, i) =>
              part.variable ? (
                <mark
                  key={i}
                  title={`Variable ${++n}: filled in when the message is sent`}
                  style={{
                    background: token.colorWarningBg,
                    color: token.colorWarningText,
                    border: `1px dashed ${token.colorWarningBorder}`,
                    borderRadius: 4,
                    padding: "0 3px",
                  }}
                >
                  {part.text}
                </mark>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </div>
        ) : (
          <Typography.Text type="secondary" style={{ display: "block", textAlign: "center", marginTop: 60 }}>
            Your message appears here as you type.
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
