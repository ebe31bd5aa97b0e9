import { SendOutlined } from "@ant-design/icons";
import { Button, Empty, Input, Typography, theme } from "antd";
import { useEffect, useRef, useState } from "react";
import type { CallReply } from "../../../../../contract";
import { CHAT_TEXT_MAX } from "../../../../../contract/domain/chats";
import { formatDateTime } from "../../../../shell/format";
import { DeliveryTicks } from "../ticks";

type PhoneMessage = CallReply<"sandbox.phone.messages">["data"][number];

/**
 * The customer's screen: their own messages on the right, the business's on the left with its ticks. Enter sends,
 * Shift+Enter starts a new line. The thread scrolls to the newest message when one arrives.
 */
export function PhoneFrame(props: {
  title: string;
  subtitle: string;
  messages: readonly PhoneMessage[];
  disabled: boolean;
  sending: boolean;
  /** Sends as the customer; a tapped chip or button sends its text with its payload. */
  onSend: (text: string, payload?: string) => Promise<void>;
}) {
  const { token } = theme.useToken();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const count = props.messages.length;

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: "end" });
  }, [count]);

  const send = async () => {
    const value = text.trim();
    if (!value || props.disabled) return;
    setError(null);
    try {
      await props.onSend(value);
      setText("");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const tap = (reply: { text: string; payload: string }) => {
    setError(null);
    props.onSend(reply.text, reply.payload).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };

  return (
    <div
      aria-label="Simulated phone"
      style={{
        width: 360,
        maxWidth: "100%",
        height: 640,
        border: `10px solid ${token.colorText}`,
        borderRadius: 36,
        overflow: "hidden",
        display: "flex",
        flexDirection: "column",
        background: token.colorBgLayout,
        boxShadow: token.boxShadow,
      }}
    >
      <div style={{ padding: "14px 16px", background: "#075e54", color: "#fff" }}>
        <div style={{ fontWeight: 600 }}>{props.title}</div>
        <div style={{ fontSize: 12, opacity: 0.85 }}>{props.subtitle}</div>
      </div>
      <div
        role="log"
        aria-label="Thread"
        style={{ flex: 1, overflowY: "auto", padding: 12, display: "flex", flexDirection: "column", gap: 6 }}
      >
        {count === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No messages yet. Write as the customer below."
            style={{ margin: "auto" }}
          />
        ) : (
          props.messages.map((m) => {
            const mine = m.direction === "in";
            return (
              <div
                key={m._id}
                data-direction={m.direction}
                style={{
                  alignSelf: mine ? "flex-end" : "flex-start",
                  maxWidth: "80%",
                  padding: "6px 10px",
                  borderRadius: 10,
                  // A phone's bubbles keep their light colours in the console's dark theme, as on the customer's phone.
                  background: mine ? "#d9fdd3" : "#ffffff",
                  color: "#111",
                  boxShadow: "0 1px 1px rgba(0,0,0,.08)",
                  whiteSpace: "pre-wrap",
                  wordBreak: "break-word",
                }}
              >
                <div>{m.text || `[${m.messageType}]`}</div>
                <div
                  style={{
                    fontSize: 11,
                    color: "#54656f",
                    textAlign: "right",
                    display: "flex",
                    gap: 4,
                    justifyContent: "flex-end",
                  }}
                >
                  <span>{formatDateTime(m.createdAt)}</span>
                  {!mine && <DeliveryTicks status={m.status} />}
                </div>
                {m.replies.length > 0 && (
                  <div
                    role="group"
                    aria-label="Suggested replies"
                    style={{ display: "flex", gap: 6, flexWrap: "wrap" }}
                  >
                    {m.replies.map((r) => (
                      <Button
                        key={r.payload}
                        size="small"
                        shape="round"
                        aria-label={`Tap ${r.text}`}
                        disabled={props.disabled || props.sending}
                        onClick={() => tap(r)}
                      >
                        {r.text}
                      </Button>
                    ))}
                  </div>
                )}
              </div>
            );
          })
        )}
        <div ref={bottom} />
      </div>
      {error && (
        <Typography.Text type="danger" role="alert" style={{ padding: "4px 12px", fontSize: 12 }}>
          {error}
        </Typography.Text>
      )}
      <div style={{ display: "flex", gap: 8, padding: 8, background: token.colorBgContainer }}>
        <Input.TextArea
          aria-label="Customer message"
          placeholder={props.disabled ? "Choose a business number and a customer number" : "Message as the customer"}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={CHAT_TEXT_MAX}
          value={text}
          disabled={props.disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button
          type="primary"
          shape="circle"
          icon={<SendOutlined />}
          aria-label="Send as customer"
          loading={props.sending}
          disabled={props.disabled || !text.trim()}
          onClick={() => void send()}
        />
      </div>
    </div>
  );
}
