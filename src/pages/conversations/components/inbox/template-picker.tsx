import { Button, Empty, Flex, Input, List, Popover, Spin, Typography } from "antd";
import { useEffect, useState, type ReactElement } from "react";
import type { CallReply } from "../../../../../contract";
import { HeaderMediaPicker } from "../../../campaigns/components/create/header-media-picker";
import { useChatCall } from "./calls";

type QuickReply = CallReply<"chats.quickReplies">["data"][number];

/** Fills {{n}} (WhatsApp, RCS) or {#var#} in order (SMS) for the preview. */
function preview(t: QuickReply, values: readonly string[]): string {
  if (t.channel === "sms") {
    let i = 0;
    return t.body.replace(/\{#var#\}/g, () => values[i++] || "{#var#}");
  }
  return t.body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] || whole);
}

type HeaderChoice = { id: string; file: Pick<File, "name"> };

/**
 * Quick replies from the conversation's templates: pick one, fill its values, send. A WhatsApp template with an
 * image, video or document header goes with the template's own file or one chosen here (required when it has none).
 */
export function TemplatePicker(props: {
  conversationId: string;
  disabled: boolean;
  onSend: (templateId: string, params: string[], preview: string, headerMediaId?: string) => Promise<void>;
  children: ReactElement;
}) {
  const call = useChatCall();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<QuickReply[] | null>(null);
  const [chosen, setChosen] = useState<QuickReply | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const [header, setHeader] = useState<HeaderChoice | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!open || items) return;
    void call("chats.quickReplies", { params: { id: props.conversationId } }).then(
      (r) => setItems(r.data),
      () => setItems([]),
    );
  }, [open, items, call, props.conversationId]);
  useEffect(() => {
    setItems(null);
    setChosen(null);
    setHeader(null);
  }, [props.conversationId]);

  const content = !items ? (
    <Spin />
  ) : items.length === 0 ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No approved templates for this sender" />
  ) : chosen ? (
    <Flex vertical gap={8} style={{ width: 320 }}>
      <Typography.Text strong>{chosen.name}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>
        {preview(chosen, values)}
      </Typography.Paragraph>
      {chosen.dltTemplateId && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          DLT template {chosen.dltTemplateId}
        </Typography.Text>
      )}
      {Array.from({ length: chosen.variableCount }, (_, i) => (
        <Input
          key={i}
          aria-label={`Value ${i + 1}`}
          placeholder={`Value ${i + 1}`}
          value={values[i] ?? ""}
          onChange={(e) => setValues((v) => Object.assign([...v], { [i]: e.target.value }))}
        />
      ))}
      {chosen.header && (
        <HeaderMediaPicker
          format={chosen.header.format}
          wabaId={chosen.header.wabaId}
          ownFile={chosen.header.ownFile}
          scope="message"
          chosen={header}
          onChange={setHeader}
        />
      )}
      <Flex gap={8} justify="flex-end">
        <Button
          onClick={() => {
            setChosen(null);
            setHeader(null);
          }}
        >
          Back
        </Button>
        <Button
          type="primary"
          loading={sending}
          disabled={
            values.filter((v) => v?.trim()).length < chosen.variableCount ||
            (chosen.header !== null && !chosen.header.ownFile && !header)
          }
          onClick={async () => {
            setSending(true);
            try {
              await props.onSend(
                chosen._id,
                values.slice(0, chosen.variableCount),
                preview(chosen, values),
                header?.id,
              );
              setOpen(false);
              setChosen(null);
              setHeader(null);
            } finally {
              setSending(false);
            }
          }}
        >
          Send template
        </Button>
      </Flex>
    </Flex>
  ) : (
    <List
      style={{ width: 320, maxHeight: 320, overflowY: "auto" }}
      dataSource={items}
      rowKey="_id"
      renderItem={(t) => (
        <List.Item
          style={{ cursor: "pointer" }}
          onClick={() => {
            setChosen(t);
            setValues(Array.from({ length: t.variableCount }, () => ""));
          }}
        >
          <List.Item.Meta
            title={t.name}
            description={
              <Typography.Text type="secondary" ellipsis>
                {t.body}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
  return (
    <Popover trigger="click" open={open && !props.disabled} onOpenChange={setOpen} title="Templates" content={content}>
      {props.children}
    </Popover>
  );
}
