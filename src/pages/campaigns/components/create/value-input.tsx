import { AutoComplete, Flex, Input, Segmented, Select } from "antd";
import type { ContactFieldOption } from "./use-contact-fields";
import type { VariableValue } from "./variables";

const KINDS = [
  { label: "Text", value: "text" },
  { label: "Column", value: "column" },
  { label: "Contact", value: "contact" },
];

/** Contact fields and attributes as the picker's two groups. */
const contactGroups = (fields: readonly ContactFieldOption[]) =>
  (["Contact fields", "Attributes"] as const)
    .map((group) => ({
      label: group,
      title: group,
      options: fields.filter((f) => f.group === group).map((f) => ({ value: f.key, label: `${f.label} (${f.key})` })),
    }))
    .filter((g) => g.options.length > 0);

/**
 * One placeholder's value: fixed text, a column of the audience file (its header name, offered when known), or a
 * field of the recipient's contact; the last two take a fallback for an empty value.
 */
export function ValueInput({
  label,
  value,
  columns,
  contactFields = [],
  segment = false,
  onChange,
  status,
}: {
  label: string;
  value: VariableValue;
  columns: readonly string[];
  contactFields?: readonly ContactFieldOption[];
  /** The audience is a segment: its columns are its contacts' fields, offered as a list to pick from. */
  segment?: boolean;
  onChange: (v: VariableValue) => void;
  status?: "error";
}) {
  return (
    <Flex gap={8} align="center" wrap>
      <Segmented
        size="small"
        options={KINDS}
        value={value.kind}
        aria-label={`${label} kind`}
        onChange={(k) => onChange({ kind: k as VariableValue["kind"], value: "" })}
      />
      {value.kind === "text" && (
        <Input
          aria-label={label}
          value={value.value}
          status={status}
          maxLength={1000}
          placeholder="Same text for everyone"
          style={{ flex: 1, minWidth: 180 }}
          onChange={(e) => onChange({ kind: "text", value: e.target.value })}
        />
      )}
      {value.kind === "column" && (
        <AutoComplete
          aria-label={label}
          value={value.value}
          status={status}
          options={columns.map((c) => ({ value: c }))}
          placeholder={
            segment
              ? "A segment column: number, name, email, language or an attribute key"
              : "Column name, e.g. first_name"
          }
          style={{ flex: 1, minWidth: 180 }}
          onChange={(v: string) => onChange({ ...value, value: v })}
        />
      )}
      {value.kind === "contact" && (
        <Select
          aria-label={label}
          value={value.value || undefined}
          status={status}
          options={contactGroups(contactFields)}
          placeholder="Choose a contact field"
          showSearch
          optionFilterProp="label"
          style={{ flex: 1, minWidth: 180 }}
          onChange={(v: string) => onChange({ ...value, value: v })}
        />
      )}
      {value.kind !== "text" && (
        <Input
          aria-label={`${label} fallback`}
          addonBefore="If empty"
          value={value.fallback ?? ""}
          maxLength={100}
          placeholder={value.kind === "contact" ? "e.g. Customer (none: leave the row out)" : "Sent empty"}
          style={{ flex: 1, minWidth: 260 }}
          onChange={(e) => onChange({ ...value, fallback: e.target.value })}
        />
      )}
    </Flex>
  );
}
