import { Form, Input, InputNumber, Select, Switch } from "antd";
import type { ContactAttributeRecord } from "../../../../contract";
import type { AttributeValue } from "../../../../contract/domain/contacts";

type Definition = ContactAttributeRecord;
export type AttributeValues = Record<string, AttributeValue>;

/** One input per attribute the account defines, typed by its definition; the server checks the values again. */
export function AttributeInputs(props: {
  definitions: readonly Definition[];
  values: AttributeValues;
  onChange: (values: AttributeValues) => void;
  disabled?: boolean;
}) {
  const { definitions, values, onChange, disabled } = props;
  const set = (key: string, value: AttributeValue | null | undefined) => {
    const next = { ...values };
    if (value === null || value === undefined || value === "") delete next[key];
    else next[key] = value;
    onChange(next);
  };
  if (definitions.length === 0) return null;
  return (
    <Form layout="vertical" component="div" disabled={disabled}>
      {definitions.map((d) => {
        const id = `contact-attribute-${d.key}`;
        const value = values[d.key];
        return (
          <Form.Item key={d.key} label={d.label} htmlFor={id} style={{ marginBottom: 12 }}>
            {d.type === "text" && (
              <Input
                id={id}
                value={typeof value === "string" ? value : ""}
                onChange={(e) => set(d.key, e.target.value)}
              />
            )}
            {d.type === "number" && (
              <InputNumber
                id={id}
                style={{ width: "100%" }}
                value={typeof value === "number" ? value : null}
                onChange={(v) => set(d.key, v)}
              />
            )}
            {d.type === "date" && (
              <Input
                id={id}
                type="date"
                value={typeof value === "string" ? value : ""}
                onChange={(e) => set(d.key, e.target.value)}
              />
            )}
            {d.type === "boolean" && (
              <Switch
                id={id}
                checked={value === true}
                onChange={(checked) => set(d.key, checked)}
                checkedChildren="Yes"
                unCheckedChildren="No"
              />
            )}
            {d.type === "choice" && (
              <Select
                id={id}
                allowClear
                value={typeof value === "string" ? value : undefined}
                onChange={(v: string | undefined) => set(d.key, v)}
                options={d.choices.map((c) => ({ value: c, label: c }))}
              />
            )}
          </Form.Item>
        );
      })}
    </Form>
  );
}
