import { FileTextOutlined, LockOutlined, SendOutlined, SmileOutlined } from "@ant-design/icons";
import { Alert, Button, Flex, Input, Popover, Segmented, Spin, Tooltip, Typography } from "antd";
import { lazy, Suspense, useRef, useState } from "react";
import { CHAT_TEXT_MAX, DLT_TEMPLATES_ONLY, IS_TYPING, SEND_EVENT_EVENT } from "../../../../../contract/domain/chats";
import { emitRealtime } from "../../../../providers/realtime-connection";
import { TemplatePicker } from "./template-picker";
import { windowLabel, type Conversation } from "./thread-state";
import type { Draft } from "./use-thread";

// The emoji picker is big: it loads the first time the button is opened.
const EmojiPicker = lazy(() => import("emoji-picker-react"));

const TYPING_EVERY_MS = 3000;

export const WINDOW_CLOSED_HELP =
  "The customer last wrote more than 24 hours ago. WhatsApp allows only approved templates until they reply.";

/**
 * The reply box: Enter sends, Shift+Enter starts a new line. A note goes to the team only. Outside WhatsApp's
 * 24-hour window, and on an SMS number that sends through an Indian DLT route, free text is off and only templates may
 * go out (said before anyone types). While the socket is down nothing can be sent.
 */
export function Composer(props: {
  conversation: Conversation;
  connected: boolean;
  windowLeftMs: number | null;
  /** The server said (chats.get) that this conversation's number sends through a DLT route. */
  dltTemplatesOnly: boolean;
  onSend: (draft: Draft) => Promise<string | null | undefined>;
  onNote: (text: string) => Promise<void>;
}) {
  const [text, setText] = useState("");
  const [mode, setMode] = useState<"reply" | "note">("reply");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const windowClosed = props.windowLeftMs === 0 && mode === "reply";
  const dlt = props.dltTemplatesOnly && mode === "reply";
  // Only templates may go out: free text, emoji and the send button are off.
  const closed = windowClosed || dlt;
  const lastTyping = useRef(0);
  // The team sees "… is typing" while someone writes a reply (at most one event every few seconds).
  const typing = () => {
    if (mode !== "reply" || !props.connected || Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    const c = props.conversation;
    emitRealtime(SEND_EVENT_EVENT, {
      eventType: IS_TYPING,
      chatId: c._id,
      messageId: "",
      phoneNumber: c.customerNumber,
      channel: c.channel,
    });
  };

  const submit = async () => {
    const value = text.trim();
    if (!value || busy || closed) return;
    setBusy(true);
    setError(null);
    try {
      if (mode === "note") await props.onNote(value);
      else {
        const failed = await props.onSend({
          messageType: "text",
          messageObject: { type: "text", text: { body: value } },
          text: value,
        });
        if (failed) setError(failed);
      }
      setText("");
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const sendTemplate = async (templateId: string, params: string[], preview: string, headerMediaId?: string) => {
    const failed = await props.onSend({
      messageType: "template",
      messageObject: { type: "template", templateId, params },
      text: preview,
      templateId,
      params,
      ...(headerMediaId ? { headerMediaId } : {}),
    });
    if (failed) setError(failed);
  };

  return (
    <div style={{ borderTop: "1px solid rgba(5,5,5,0.06)", padding: 12 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Segmented
          size="small"
          value={mode}
          onChange={(v) => setMode(v as "reply" | "note")}
          options={[
            { value: "reply", label: "Reply" },
            {
              value: "note",
              label: (
                <span>
                  <LockOutlined /> Note
                </span>
              ),
            },
          ]}
        />
        {props.windowLeftMs !== null && props.windowLeftMs > 0 && (
          <Tooltip title="WhatsApp's customer-service window: free-form replies are allowed until it closes.">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              24-hour window: {windowLabel(props.windowLeftMs)}
            </Typography.Text>
          </Tooltip>
        )}
      </Flex>
      {closed && (
        <Alert
          type="warning"
          showIcon
          message={
            <>
              <strong>Templates only.</strong> {dlt ? DLT_TEMPLATES_ONLY : WINDOW_CLOSED_HELP}
            </>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      {!props.connected && (
        <Alert
          type="info"
          showIcon
          message="Reconnecting… messages can be sent again once the connection is back."
          style={{ marginBottom: 8 }}
        />
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          closable
          message={error}
          onClose={() => setError(null)}
          style={{ marginBottom: 8 }}
        />
      )}
      <Flex gap={8} align="flex-end">
        <Popover
          trigger="click"
          content={
            <Suspense fallback={<Spin />}>
              <EmojiPicker lazyLoadEmojis onEmojiClick={(e) => setText((t) => t + e.emoji)} />
            </Suspense>
          }
        >
          <Button icon={<SmileOutlined />} aria-label="Emoji" disabled={closed} />
        </Popover>
        <TemplatePicker
          conversationId={props.conversation._id}
          disabled={!props.connected || mode === "note"}
          onSend={sendTemplate}
        >
          <Button icon={<FileTextOutlined />} aria-label="Templates" type={closed ? "primary" : "default"}>
            {closed ? "Send a template" : null}
          </Button>
        </TemplatePicker>
        <Input.TextArea
          aria-label={mode === "note" ? "Internal note" : "Reply"}
          placeholder={
            dlt
              ? "Free text is off on this DLT route"
              : closed
                ? "Free text is off outside the 24-hour window"
                : mode === "note"
                  ? "Write a note for your team (Enter to save)"
                  : "Type a reply (Enter to send, Shift+Enter for a new line)"
          }
          autoSize={{ minRows: 1, maxRows: 6 }}
          maxLength={CHAT_TEXT_MAX}
          value={text}
          disabled={closed}
          onChange={(e) => {
            setText(e.target.value);
            typing();
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.altKey) {
              e.preventDefault();
              void submit();
            }
          }}
          style={mode === "note" ? { background: "#fffbe6" } : undefined}
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          aria-label={mode === "note" ? "Save note" : "Send"}
          loading={busy}
          disabled={closed || !text.trim() || (mode === "reply" && !props.connected)}
          onClick={() => void submit()}
        />
      </Flex>
    </div>
  );
}
