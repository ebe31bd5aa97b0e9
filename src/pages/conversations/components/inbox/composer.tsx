import { FileTextOutlined, LockOutlined, PaperClipOutlined, SendOutlined, SmileOutlined } from "@ant-design/icons";
import { Button, Flex, Input, Popover, Segmented, Spin, Tooltip, Typography } from "antd";
import { lazy, Suspense, useRef, useState } from "react";
import { CHAT_TEXT_MAX } from "../../../../../contract/domain/chats";
import { AttachmentPreview } from "./attachment-preview";
import { ComposerAlerts } from "./composer-alerts";
import { CANNED_LISTBOX_ID, CannedPopup, cannedOptionId } from "./canned-popup";
import { TemplatePicker } from "./template-picker";
import { windowLabel, type Conversation } from "./thread-state";
import { noFilesReason, useAttachment } from "./use-attachment";
import { useCannedSlash, type RenderedCanned } from "./use-canned-slash";
import { useComposerCommands } from "./use-inbox-keys";
import { useTypingSignal } from "./use-typing-signal";
import type { Draft } from "./use-thread";

// The emoji picker is big: it loads the first time the button is opened.
const EmojiPicker = lazy(() => import("emoji-picker-react"));

/** What the reply box says it takes now. */
const placeholderOf = (s: { dlt: boolean; closed: boolean; note: boolean; attachment: boolean }) =>
  s.dlt
    ? "Free text is off on this DLT route: / for a canned response tied to a registered template"
    : s.closed
      ? "Free text is off outside the 24-hour window"
      : s.note
        ? "Write a note for your team (Enter to save)"
        : s.attachment
          ? "Add a caption (Enter to send)"
          : "Type a reply (Enter to send, Shift+Enter for a new line, / for canned responses)";

export { WINDOW_CLOSED_HELP } from "./composer-alerts";

/**
 * The reply box: Enter sends, Shift+Enter starts a new line. A note goes to the team only. Outside WhatsApp's
 * 24-hour window, and on an SMS number that sends through an Indian DLT route, free text is off and only templates may
 * go out (said before anyone types). While the socket is down nothing can be sent. `/code` inserts a canned response.
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
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const { attachment, attach, clear } = useAttachment(props.conversation);
  const noFiles = noFilesReason(props.conversation);
  const windowClosed = props.windowLeftMs === 0 && mode === "reply";
  const dlt = props.dltTemplatesOnly && mode === "reply";
  // Only templates may go out: free text, emoji and the send button are off.
  const closed = windowClosed || dlt;
  const typing = useTypingSignal(props.conversation, mode === "reply" && props.connected);
  // On a DLT route a canned response goes as the registered template the server matched it to (its values as the
  // params), and only while the box still holds its text unchanged: anything else would be free text.
  const [picked, setPicked] = useState<RenderedCanned | null>(null);
  const dltCanned = dlt && picked?.smsTemplateId && picked.params && picked.text === text.trim() ? picked : null;
  const canned = useCannedSlash({
    conversationId: props.conversation._id,
    text,
    setText,
    input: textArea,
    onError: setError,
    onPicked: setPicked,
  });
  // The inbox's keys (r, n, c) reach the composer here.
  useComposerCommands((command) => {
    if (command === "toggleNote") setMode((m) => (m === "reply" ? "note" : "reply"));
    else if (command === "canned") canned.start();
    else textArea.current?.focus();
  });

  // Files go with replies only (never notes), where the channel takes them and free text may go out.
  const filesOff = noFiles ?? (closed ? "Files are off while only templates may be sent" : null);
  const ready = mode === "reply" && attachment?.stored ? attachment.stored : null;
  const takeFile = (file: File | undefined) => {
    if (!file || filesOff || mode !== "reply") return;
    setError(null);
    void attach(file);
  };

  const submit = async () => {
    const value = text.trim();
    if (dltCanned?.smsTemplateId && dltCanned.params && !busy) {
      setBusy(true);
      setError(null);
      try {
        if (await sendTemplate(dltCanned.smsTemplateId, dltCanned.params, dltCanned.text ?? value)) return;
        setText("");
        setPicked(null);
      } finally {
        setBusy(false);
      }
      return;
    }
    if ((!value && !ready) || busy || closed) return;
    if (mode === "reply" && attachment && !ready) return;
    setBusy(true);
    setError(null);
    try {
      if (ready) {
        const failed = await props.onSend({
          messageType: ready.kind,
          messageObject: { type: ready.kind, [ready.kind]: { attachmentId: ready.attachmentId } },
          attachmentId: ready.attachmentId,
          fileName: ready.fileName,
          ...(value ? { text: value } : {}),
        });
        if (failed) setError(failed);
        else clear();
      } else if (mode === "note") await props.onNote(value);
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
    return Boolean(failed);
  };

  return (
    <div
      style={{
        borderTop: "1px solid rgba(5,5,5,0.06)",
        padding: 12,
        outline: dragging ? "2px dashed #1677ff" : undefined,
        outlineOffset: -4,
      }}
      onDragOver={(e) => {
        if (filesOff || mode !== "reply" || !e.dataTransfer.types.includes("Files")) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        setDragging(false);
        if (filesOff || mode !== "reply") return;
        e.preventDefault();
        takeFile(e.dataTransfer.files[0]);
      }}
    >
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
      <ComposerAlerts
        closed={closed}
        dlt={dlt}
        connected={props.connected}
        error={error}
        onCloseError={() => setError(null)}
      />
      {attachment && mode === "reply" && <AttachmentPreview attachment={attachment} onRemove={clear} />}
      <Flex gap={8} align="flex-end">
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-hidden
          tabIndex={-1}
          onChange={(e) => {
            takeFile(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
        <Tooltip title={filesOff ?? (mode === "note" ? "Notes take no files" : "Attach a file (or drop or paste one)")}>
          {/* A disabled button hears no pointer: the span carries the tooltip that says why. */}
          <span style={{ display: "inline-flex" }}>
            <Button
              icon={<PaperClipOutlined />}
              aria-label={filesOff ? `Attach a file: ${filesOff}` : "Attach a file"}
              disabled={Boolean(filesOff) || mode === "note" || !props.connected}
              onClick={() => fileInput.current?.click()}
            />
          </span>
        </Tooltip>
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
          onSend={async (...args) => void (await sendTemplate(...args))}
        >
          <Button icon={<FileTextOutlined />} aria-label="Templates" type={closed ? "primary" : "default"}>
            {closed ? "Send a template" : null}
          </Button>
        </TemplatePicker>
        <div style={{ position: "relative", flex: 1, minWidth: 0 }}>
          {canned.open && (
            <CannedPopup
              items={canned.items}
              active={canned.active}
              loading={canned.loading}
              query={canned.query}
              onPick={canned.pick}
              onHover={canned.setActive}
              rule={canned.rule}
            />
          )}
          <Input.TextArea
            ref={(el) => {
              textArea.current = el?.resizableTextArea?.textArea ?? null;
            }}
            aria-label={mode === "note" ? "Internal note" : "Reply"}
            aria-autocomplete="list"
            aria-controls={canned.open ? CANNED_LISTBOX_ID : undefined}
            aria-activedescendant={canned.open && canned.items.length ? cannedOptionId(canned.active) : undefined}
            placeholder={placeholderOf({ dlt, closed, note: mode === "note", attachment: Boolean(attachment) })}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={CHAT_TEXT_MAX}
            value={text}
            disabled={windowClosed}
            onChange={(e) => {
              setText(e.target.value);
              canned.track(e.target);
              typing();
            }}
            onSelect={(e) => canned.track(e.currentTarget)}
            onPaste={(e) => {
              const file = e.clipboardData.files[0];
              if (!file || filesOff || mode !== "reply") return;
              e.preventDefault();
              takeFile(file);
            }}
            onKeyDown={(e) => {
              if (canned.onKeyDown(e)) return;
              if (e.key === "Enter" && !e.shiftKey && !e.altKey) {
                e.preventDefault();
                void submit();
              }
            }}
            style={mode === "note" ? { background: "#fffbe6" } : undefined}
          />
        </div>
        <Button
          type="primary"
          icon={<SendOutlined />}
          aria-label={mode === "note" ? "Save note" : "Send"}
          loading={busy}
          disabled={
            (closed && !dltCanned) ||
            (mode === "reply" && !props.connected) ||
            (mode === "reply" && attachment ? !ready : !text.trim())
          }
          onClick={() => void submit()}
        />
      </Flex>
    </div>
  );
}
