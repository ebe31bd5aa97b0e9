import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Dropdown, Flex, Form, Input, InputNumber, Select, Tag, Typography } from "antd";
import {
  charCount,
  RCS_LIMITS,
  type RcsFieldError,
  type RcsSuggestion,
  type RcsSuggestionType,
} from "../../../../contract/domain/rcs";
import { fieldStatus, messageFor } from "./field-errors";
import { SUGGESTION_META } from "./suggestion-meta";

export interface SuggestionsEditorProps {
  value: RcsSuggestion[];
  onChange: (next: RcsSuggestion[]) => void;
  max: number;
  /** Path of the list in the draft ("suggestions", "standAlone.suggestions"), to find its messages. */
  path: string;
  errors: readonly RcsFieldError[];
  /** Accessible name of the list ("Message suggestions", "Card 2 suggestions"). */
  label: string;
}

const blank = (type: RcsSuggestionType): RcsSuggestion => ({ type, text: "" });

/** The fields each suggestion type needs, beside its label. */
function ActionFields({
  s,
  set,
  at,
  errors,
  name,
}: {
  s: RcsSuggestion;
  set: (patch: Partial<RcsSuggestion>) => void;
  at: string;
  errors: readonly RcsFieldError[];
  name: string;
}) {
  const item = (field: string, label: string, node: React.ReactNode) => (
    <Form.Item
      label={label}
      style={{ marginBottom: 8, flex: 1, minWidth: 120 }}
      {...fieldStatus(errors, `${at}.${field}`)}
    >
      {node}
    </Form.Item>
  );
  switch (s.type) {
    case "reply":
      return item(
        "postbackData",
        "Postback data",
        <Input
          aria-label={`${name} Postback data`}
          value={s.postbackData ?? ""}
          placeholder="Sent back to you when tapped"
          onChange={(e) => set({ postbackData: e.target.value })}
        />,
      );
    case "url":
      return item(
        "url",
        "URL",
        <Input
          aria-label={`${name} URL`}
          value={s.url ?? ""}
          placeholder="https://"
          onChange={(e) => set({ url: e.target.value })}
        />,
      );
    case "dial":
      return item(
        "phoneNumber",
        "Phone number",
        <Input
          aria-label={`${name} Phone number`}
          value={s.phoneNumber ?? ""}
          placeholder="+919876543210"
          onChange={(e) => set({ phoneNumber: e.target.value })}
        />,
      );
    case "location":
      return (
        <>
          {item(
            "query",
            "Place to search",
            <Input
              aria-label={`${name} Place to search`}
              value={s.query ?? ""}
              placeholder="Acme store near me"
              onChange={(e) => set({ query: e.target.value })}
            />,
          )}
          {item(
            "latitude",
            "Latitude",
            <InputNumber
              aria-label={`${name} Latitude`}
              style={{ width: "100%" }}
              value={s.latitude ?? null}
              min={-90}
              max={90}
              onChange={(v) => set({ latitude: v ?? undefined })}
            />,
          )}
          {item(
            "longitude",
            "Longitude",
            <InputNumber
              aria-label={`${name} Longitude`}
              style={{ width: "100%" }}
              value={s.longitude ?? null}
              min={-180}
              max={180}
              onChange={(v) => set({ longitude: v ?? undefined })}
            />,
          )}
        </>
      );
    case "calendar":
      return (
        <>
          {item(
            "title",
            "Event title",
            <Input
              aria-label={`${name} Event title`}
              value={s.title ?? ""}
              onChange={(e) => set({ title: e.target.value })}
            />,
          )}
          {item(
            "startTime",
            "Starts",
            <Input
              aria-label={`${name} Starts`}
              type="datetime-local"
              value={(s.startTime ?? "").slice(0, 16)}
              onChange={(e) => set({ startTime: e.target.value ? new Date(e.target.value).toISOString() : "" })}
            />,
          )}
          {item(
            "endTime",
            "Ends",
            <Input
              aria-label={`${name} Ends`}
              type="datetime-local"
              value={(s.endTime ?? "").slice(0, 16)}
              onChange={(e) => set({ endTime: e.target.value ? new Date(e.target.value).toISOString() : "" })}
            />,
          )}
        </>
      );
  }
}

/** Suggestion chips of a message or a card: type, label (25 characters), and the fields the type needs. */
export function SuggestionsEditor({ value, onChange, max, path, errors, label }: SuggestionsEditorProps) {
  const set = (i: number, patch: Partial<RcsSuggestion>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const listError = messageFor(errors, path);
  return (
    <div role="group" aria-label={label}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>
          Suggestions{" "}
          <Typography.Text type={value.length > max ? "danger" : "secondary"} style={{ fontWeight: 400 }}>
            {value.length} / {max}
          </Typography.Text>
        </Typography.Text>
        <Dropdown
          trigger={["click"]}
          disabled={value.length >= max}
          menu={{
            items: Object.entries(SUGGESTION_META).map(([type, meta]) => ({
              key: type,
              icon: meta.icon,
              label: meta.label,
            })),
            onClick: ({ key }) => onChange([...value, blank(key as RcsSuggestionType)]),
          }}
        >
          <Button size="small" icon={<PlusOutlined />} aria-label={`Add suggestion to ${label}`}>
            Add suggestion
          </Button>
        </Dropdown>
      </Flex>
      {listError && <Typography.Text type="danger">{listError}</Typography.Text>}
      {value.length === 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          No suggestions: chips let people reply, open a link, call, find a place or save a date with one tap.
        </Typography.Text>
      )}
      <Flex vertical gap={8}>
        {value.map((s, i) => {
          const at = `${path}.${i}`;
          const count = charCount(s.text);
          return (
            <div key={i} className="rcsb-suggestion">
              <Flex gap={8} align="flex-start">
                <Form.Item label="Type" style={{ marginBottom: 8, width: 150, flex: "none" }}>
                  <Select
                    value={s.type}
                    aria-label={`${label} ${i + 1} type`}
                    options={Object.entries(SUGGESTION_META).map(([type, meta]) => ({
                      value: type,
                      label: (
                        <span>
                          {meta.icon} {meta.label}
                        </span>
                      ),
                    }))}
                    onChange={(type: RcsSuggestionType) => set(i, { ...blank(type), text: s.text })}
                  />
                </Form.Item>
                <Form.Item
                  label="Label"
                  style={{ marginBottom: 8, flex: 1, minWidth: 0 }}
                  {...fieldStatus(errors, `${at}.text`)}
                >
                  <Input
                    value={s.text}
                    aria-label={`${label} ${i + 1} label`}
                    placeholder="e.g. Buy now"
                    suffix={
                      <Tag color={count > RCS_LIMITS.labelChars ? "error" : undefined} bordered={false}>
                        {count}/{RCS_LIMITS.labelChars}
                      </Tag>
                    }
                    onChange={(e) => set(i, { text: e.target.value })}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${label} ${i + 1}`}
                  style={{ marginTop: 30 }}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                />
              </Flex>
              <Flex gap={8} wrap style={{ paddingRight: 40 }}>
                <ActionFields s={s} set={(patch) => set(i, patch)} at={at} errors={errors} name={`${label} ${i + 1}`} />
              </Flex>
            </div>
          );
        })}
      </Flex>
    </div>
  );
}
