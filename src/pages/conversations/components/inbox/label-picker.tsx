import { Select, Tag } from "antd";
import {
  CONTACT_LABEL_MAX_LENGTH,
  CONTACT_LABELS_MAX,
  defaultLabelColor,
} from "../../../../../contract/domain/contacts";
import type { Conversation } from "./thread-state";
import type { InboxLabel } from "./use-labels";

/**
 * The thread's labels: the customer's, as coloured tags in a select that offers the account's labels and takes a new
 * name. A change is sent as what was added and what was removed, so a label another agent set meanwhile stays.
 */
export function LabelPicker(props: {
  labels: readonly InboxLabel[];
  value: Conversation["labels"];
  onChange: (add: string[], remove: string[]) => void;
}) {
  const current = props.value.map((l) => l.name);
  const colorOf = (name: string) =>
    props.value.find((l) => l.name === name)?.color ??
    props.labels.find((l) => l.name === name)?.color ??
    defaultLabelColor(name);
  return (
    <Select
      mode="tags"
      aria-label="Labels"
      placeholder="Add a label"
      style={{ width: "100%", marginTop: 4 }}
      value={current}
      maxCount={CONTACT_LABELS_MAX}
      options={props.labels.map((l) => ({ value: l.name, label: l.name }))}
      tagRender={({ value, closable, onClose }) => (
        <Tag color={colorOf(String(value))} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {String(value)}
        </Tag>
      )}
      onChange={(next: string[]) => {
        const clean = next.map((n) => n.trim().slice(0, CONTACT_LABEL_MAX_LENGTH)).filter(Boolean);
        props.onChange(
          clean.filter((n) => !current.includes(n)),
          current.filter((n) => !clean.includes(n)),
        );
      }}
    />
  );
}
