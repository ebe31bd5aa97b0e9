import { AutoComplete, Flex, Input, Segmented } from "antd";
import type { VariableValue } from "./variables";

const KINDS = [
  { label: "Text", value: "text" },
  { label: "Column", value: "column" },
];

/** One placeholder's value: fixed text, or a column of the audience file (its header name, offered when known). */
export function ValueInput({
  label,
  value,
  columns,
  onChange,
  status,
}: {
  label: string;
  value: VariableValue;
  columns: readonly string[];
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
      {value.kind === "text" ? (
        <Input
          aria-label={label}
          value={value.value}
          status={status}
          maxLength={1000}
          placeholder="Same text for everyone"
          style={{ flex: 1, minWidth: 180 }}
          onChange={(e) => onChange({ kind: "text", value: e.target.value })}
        />
      ) : (
        <AutoComplete
          aria-label={label}
          value={value.value}
          status={status}
          options={columns.map((c) => ({ value: c }))}
          placeholder="Column name, e.g. first_name"
          style={{ flex: 1, minWidth: 180 }}
          onChange={(v: string) => onChange({ kind: "column", value: v })}
        />
      )}
    </Flex>
  );
}
