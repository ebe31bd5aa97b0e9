import { DeleteOutlined } from "@ant-design/icons";
import { Button, Flex, Input, InputNumber, Select, Typography } from "antd";
import type { AttributeDefinition } from "../../../../contract/domain/contacts";
import {
  CONTACT_FIELDS,
  ENGAGEMENT_EVENTS,
  OP_LABELS,
  OPS_BY_TYPE,
  SEGMENT_CONSENT_CHANNELS,
  SEGMENT_CONSENT_STATES,
  SEGMENT_DAYS_MAX,
  SEGMENT_DAYS_MIN,
  TEXT_OPS,
  type SegmentCondition,
  type SegmentOp,
  type TextOp,
} from "../../../../contract/domain/segments";
import { SegmentCampaignSelect } from "./segment-campaign-select";

// One condition of the builder: what it looks at (an attribute, a contact field, labels, consent, engagement), then
// the operators and value inputs that thing's type takes. Changing what it looks at starts the condition afresh.

const FIELD_LABELS = { name: "Name", email: "Email", language: "Language" } as const;
const CHANNEL_LABELS = { sms: "SMS", whatsapp: "WhatsApp", rcs: "RCS" } as const;
const STATE_LABELS = { opted_in: "opted in", opted_out: "opted out", none: "no record" } as const;
const EVENT_LABELS = {
  received: "received",
  delivered: "was delivered",
  read: "read",
  replied: "replied to",
  clicked: "clicked a link in",
} as const;

function subjectOf(c: SegmentCondition): string {
  if (c.kind === "attribute") return `attribute:${c.key}`;
  if (c.kind === "field") return `field:${c.field}`;
  return c.kind;
}

/** A fresh condition on a subject, with values that count at once where they can. */
export function conditionFor(subject: string, attributes: readonly AttributeDefinition[]): SegmentCondition {
  const [kind, name = ""] = subject.split(":");
  if (kind === "attribute") {
    const def = attributes.find((a) => a.key === name);
    switch (def?.type) {
      case "number":
        return { kind: "attribute", key: name, op: "gt", value: 0 };
      case "date":
        return { kind: "attribute", key: name, op: "within", days: 30 };
      case "boolean":
        return { kind: "attribute", key: name, op: "is", value: true };
      case "choice":
        return { kind: "attribute", key: name, op: "in", values: def.choices.slice(0, 1) };
      default:
        return { kind: "attribute", key: name, op: "eq", value: "" };
    }
  }
  if (kind === "field")
    return { kind: "field", field: name as (typeof CONTACT_FIELDS)[number], op: "contains", value: "" };
  if (kind === "consent") return { kind: "consent", channel: "whatsapp", state: "opted_in" };
  if (kind === "engagement") return { kind: "engagement", event: "received", days: 30 };
  return { kind: "label", op: "has", label: "" };
}

const days = (value: number | undefined, onChange: (n: number) => void, label: string) => (
  <Flex gap={6} align="center">
    <InputNumber
      aria-label={label}
      min={SEGMENT_DAYS_MIN}
      max={SEGMENT_DAYS_MAX}
      precision={0}
      value={value}
      onChange={(n) => onChange(Number(n ?? SEGMENT_DAYS_MIN))}
      style={{ width: 90 }}
    />
    <Typography.Text>days</Typography.Text>
  </Flex>
);

const opOptions = (ops: readonly string[]) => ops.map((op) => ({ value: op, label: OP_LABELS[op as SegmentOp] }));

export function ConditionEditor({
  condition: c,
  attributes,
  labels,
  index,
  onChange,
  onRemove,
}: {
  condition: SegmentCondition;
  attributes: readonly AttributeDefinition[];
  labels: readonly string[];
  index: number;
  onChange: (c: SegmentCondition) => void;
  onRemove?: () => void;
}) {
  const n = index + 1;
  const subjects = [
    ...attributes.map((a) => ({ value: `attribute:${a.key}`, label: a.key })),
    ...CONTACT_FIELDS.map((f) => ({ value: `field:${f}`, label: FIELD_LABELS[f] })),
    { value: "label", label: "Label" },
    { value: "consent", label: "Consent" },
    { value: "engagement", label: "Engagement" },
  ];
  const def = c.kind === "attribute" ? attributes.find((a) => a.key === c.key) : undefined;
  const text = (op: TextOp | SegmentOp, value: unknown) =>
    op === "empty" ? null : (
      <Input
        aria-label={`Condition ${n} value`}
        placeholder="Value"
        value={typeof value === "string" ? value : ""}
        onChange={(e) => onChange({ ...c, value: e.target.value } as SegmentCondition)}
        style={{ width: 200 }}
      />
    );

  const values = () => {
    switch (c.kind) {
      case "field":
        return text(c.op, c.value);
      case "label":
        return (
          <Select
            aria-label={`Condition ${n} label`}
            showSearch
            placeholder="Label"
            value={c.label || undefined}
            onChange={(label: string) => onChange({ ...c, label })}
            onSearch={(label) => label && onChange({ ...c, label })}
            options={[...new Set([...labels, ...(c.label ? [c.label] : [])])].map((l) => ({ value: l, label: l }))}
            style={{ width: 200 }}
          />
        );
      case "consent":
        return (
          <Select
            aria-label={`Condition ${n} state`}
            value={c.state}
            onChange={(state) => onChange({ ...c, state })}
            options={SEGMENT_CONSENT_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
            style={{ width: 140 }}
          />
        );
      case "engagement":
        return (
          <Flex gap={6} align="center">
            <Typography.Text>in the last</Typography.Text>
            {days(c.days, (d) => onChange({ ...c, days: d }), `Condition ${n} days`)}
            <Typography.Text>from</Typography.Text>
            <SegmentCampaignSelect
              label={`Condition ${n} campaign`}
              value={c.campaignId}
              onChange={(campaignId) => {
                const { campaignId: _old, ...rest } = c;
                onChange(campaignId ? { ...rest, campaignId } : rest);
              }}
            />
          </Flex>
        );
      case "attribute":
        if (!def) return null;
        if (def.type === "text") return text(c.op, c.value);
        if (def.type === "number") {
          const num = (v: number | undefined, set: (x: number) => void, label: string) => (
            <InputNumber aria-label={label} value={v} onChange={(x) => set(Number(x ?? 0))} style={{ width: 110 }} />
          );
          return (
            <Flex gap={6} align="center">
              {num(c.value as number, (x) => onChange({ ...c, value: x }), `Condition ${n} value`)}
              {c.op === "between" && <Typography.Text>and</Typography.Text>}
              {c.op === "between" && num(c.to, (x) => onChange({ ...c, to: x }), `Condition ${n} upper value`)}
            </Flex>
          );
        }
        if (def.type === "date")
          return c.op === "within" ? (
            days(c.days, (d) => onChange({ ...c, days: d }), `Condition ${n} days`)
          ) : (
            <Input
              type="date"
              aria-label={`Condition ${n} date`}
              value={typeof c.value === "string" ? c.value : ""}
              onChange={(e) => onChange({ ...c, value: e.target.value })}
              style={{ width: 170 }}
            />
          );
        if (def.type === "boolean")
          return (
            <Select
              aria-label={`Condition ${n} value`}
              value={c.value === false ? "no" : "yes"}
              onChange={(v) => onChange({ ...c, value: v === "yes" })}
              options={[
                { value: "yes", label: "Yes" },
                { value: "no", label: "No" },
              ]}
              style={{ width: 90 }}
            />
          );
        return (
          <Select
            mode="multiple"
            aria-label={`Condition ${n} choices`}
            value={c.values ?? []}
            onChange={(v: string[]) => onChange({ ...c, values: v })}
            options={def.choices.map((x) => ({ value: x, label: x }))}
            style={{ minWidth: 200 }}
          />
        );
    }
  };

  const operator = () => {
    if (c.kind === "consent")
      return (
        <Flex gap={6} align="center">
          <Typography.Text>on</Typography.Text>
          <Select
            aria-label={`Condition ${n} channel`}
            value={c.channel}
            onChange={(channel) => onChange({ ...c, channel })}
            options={SEGMENT_CONSENT_CHANNELS.map((x) => ({ value: x, label: CHANNEL_LABELS[x] }))}
            style={{ width: 120 }}
          />
          <Typography.Text>is</Typography.Text>
        </Flex>
      );
    if (c.kind === "engagement")
      return (
        <Select
          aria-label={`Condition ${n} event`}
          value={c.event}
          onChange={(event) => onChange({ ...c, event })}
          options={ENGAGEMENT_EVENTS.map((x) => ({ value: x, label: `${EVENT_LABELS[x]} a campaign message` }))}
          style={{ width: 240 }}
        />
      );
    if (c.kind === "label")
      return (
        <Select
          aria-label={`Condition ${n} operator`}
          value={c.op}
          onChange={(op) => onChange({ ...c, op })}
          options={[
            { value: "has", label: "has" },
            { value: "has_not", label: "does not have" },
          ]}
          style={{ width: 150 }}
        />
      );
    const ops = c.kind === "field" ? TEXT_OPS : def ? OPS_BY_TYPE[def.type] : TEXT_OPS;
    return (
      <Select
        aria-label={`Condition ${n} operator`}
        value={c.op}
        onChange={(op: SegmentOp) => onChange({ ...c, op } as SegmentCondition)}
        options={opOptions(ops)}
        style={{ width: 170 }}
      />
    );
  };

  return (
    <Flex gap={8} align="center" wrap>
      <Select
        aria-label={`Condition ${n} looks at`}
        showSearch
        optionFilterProp="label"
        value={subjectOf(c)}
        onChange={(s: string) => onChange(conditionFor(s, attributes))}
        options={subjects}
        style={{ width: 170 }}
      />
      {operator()}
      {values()}
      {onRemove && (
        <Button type="text" icon={<DeleteOutlined />} aria-label={`Remove condition ${n}`} onClick={onRemove} />
      )}
    </Flex>
  );
}
