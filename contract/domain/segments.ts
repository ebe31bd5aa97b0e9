// Segments (issue 39, item 4): saved filters over an account's contacts. A definition is groups joined by AND or OR,
// each group conditions joined by AND or OR (one level of nesting). The limits, the operators each attribute type
// takes and the check of a definition live here so the console's builder and the server refuse the same things;
// every refusal names the field (`definition.groups[0].conditions[1].days`).
import { ATTRIBUTE_CHOICES_MAX, ATTRIBUTE_TEXT_MAX, type AttributeDefinition, type AttributeType } from "./contacts";

export const SEGMENT_JOINS = ["and", "or"] as const;
export type SegmentJoin = (typeof SEGMENT_JOINS)[number];

export const TEXT_OPS = ["eq", "neq", "contains", "empty"] as const;
export const NUMBER_OPS = ["eq", "gt", "lt", "between"] as const;
export const DATE_OPS = ["before", "after", "within"] as const;
export const BOOLEAN_OPS = ["is"] as const;
export const CHOICE_OPS = ["in"] as const;
export const OPS_BY_TYPE: Record<AttributeType, readonly string[]> = {
  text: TEXT_OPS,
  number: NUMBER_OPS,
  date: DATE_OPS,
  boolean: BOOLEAN_OPS,
  choice: CHOICE_OPS,
};
export type TextOp = (typeof TEXT_OPS)[number];
export type SegmentOp =
  | TextOp
  | (typeof NUMBER_OPS)[number]
  | (typeof DATE_OPS)[number]
  | (typeof BOOLEAN_OPS)[number]
  | (typeof CHOICE_OPS)[number];
export const OP_LABELS: Record<SegmentOp, string> = {
  eq: "is",
  neq: "is not",
  contains: "contains",
  empty: "is empty",
  gt: "is more than",
  lt: "is less than",
  between: "is between",
  before: "is before",
  after: "is after",
  within: "is within the last",
  is: "is",
  in: "is one of",
};

export const CONTACT_FIELDS = ["name", "email", "language"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const LABEL_OPS = ["has", "has_not"] as const;
export type LabelOp = (typeof LABEL_OPS)[number];
export const SEGMENT_CONSENT_CHANNELS = ["sms", "whatsapp", "rcs"] as const;
export type SegmentConsentChannel = (typeof SEGMENT_CONSENT_CHANNELS)[number];
/** `none`: no event for the channel (nor for every channel) on record. */
export const SEGMENT_CONSENT_STATES = ["opted_in", "opted_out", "none"] as const;
export type SegmentConsentState = (typeof SEGMENT_CONSENT_STATES)[number];
/** `clicked`: a person (not a link preview or scanner) opened a tracked short link of the campaign message. */
export const ENGAGEMENT_EVENTS = ["received", "delivered", "read", "replied", "clicked"] as const;
export type EngagementEvent = (typeof ENGAGEMENT_EVENTS)[number];

export type SegmentCondition =
  | {
      kind: "attribute";
      key: string;
      op: SegmentOp;
      /** text, number, date (YYYY-MM-DD) or boolean, after the op; absent for `empty`, `within` and `in`. */
      value?: string | number | boolean;
      /** `between`'s upper bound (inclusive, as the lower one). */
      to?: number;
      /** `within`: the last N days. */
      days?: number;
      /** `in`: the choices. */
      values?: string[];
    }
  | { kind: "field"; field: ContactField; op: TextOp; value?: string }
  | { kind: "label"; op: LabelOp; label: string }
  | { kind: "consent"; channel: SegmentConsentChannel; state: SegmentConsentState }
  | { kind: "engagement"; event: EngagementEvent; days: number; campaignId?: string };
export type ConditionKind = SegmentCondition["kind"];
export const CONDITION_KINDS: readonly ConditionKind[] = ["attribute", "field", "label", "consent", "engagement"];

export interface SegmentGroup {
  join: SegmentJoin;
  conditions: SegmentCondition[];
}
export interface SegmentDefinition {
  join: SegmentJoin;
  groups: SegmentGroup[];
}

export const SEGMENT_CONDITIONS_MAX = 20;
export const SEGMENT_GROUPS_MAX = 10;
export const SEGMENT_DAYS_MIN = 1;
export const SEGMENT_DAYS_MAX = 365;
export const SEGMENT_NAME_MAX = 100;
export const SEGMENT_DESCRIPTION_MAX = 500;
/** The sample beside a count: the first contacts a definition selects. */
export const SEGMENT_SAMPLE_SIZE = 20;
/** The console waits this long after the last change before it asks for the live count. */
export const SEGMENT_COUNT_DEBOUNCE_MS = 400;
export const SEGMENTS_MAX = 200;

export const SEGMENT_MESSAGES = {
  notFound: "Segment not found",
  duplicateName: "A segment with this name already exists",
  tooMany: `An account keeps at most ${SEGMENTS_MAX} segments`,
} as const;

export interface SegmentFieldError {
  field: string;
  message: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "" && v.length <= ATTRIBUTE_TEXT_MAX;
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isDays = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= SEGMENT_DAYS_MIN && (v as number) <= SEGMENT_DAYS_MAX;
const isDate = (v: unknown): v is string =>
  typeof v === "string" && DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === "string" && (values as readonly string[]).includes(v);

const TEXT_NEEDED = `must be text of 1 to ${ATTRIBUTE_TEXT_MAX} characters`;
const DAYS_NEEDED = `must be a whole number of days from ${SEGMENT_DAYS_MIN} to ${SEGMENT_DAYS_MAX}`;

/** A text operator's value: none for `empty`, text for the others. */
function textValue(op: TextOp, value: unknown, at: string, errors: SegmentFieldError[]): string | undefined {
  if (op === "empty") return undefined;
  if (!isText(value)) errors.push({ field: `${at}.value`, message: TEXT_NEEDED });
  return value as string;
}

function attributeCondition(
  raw: Record<string, unknown>,
  at: string,
  attributes: readonly AttributeDefinition[],
  errors: SegmentFieldError[],
): SegmentCondition {
  const def = attributes.find((a) => a.key === raw.key);
  if (!def) {
    errors.push({ field: `${at}.key`, message: "is not one of the account's attributes" });
    return { kind: "attribute", key: String(raw.key), op: "eq" };
  }
  const ops = OPS_BY_TYPE[def.type];
  if (!oneOf(ops, raw.op)) {
    errors.push({ field: `${at}.op`, message: `must be one of ${ops.join(", ")} for a ${def.type} attribute` });
    return { kind: "attribute", key: def.key, op: "eq" };
  }
  const op = raw.op as SegmentOp;
  const base = { kind: "attribute" as const, key: def.key, op };
  const bad = (field: string, message: string) => errors.push({ field: `${at}.${field}`, message });
  switch (def.type) {
    case "text":
      return { ...base, value: textValue(op as TextOp, raw.value, at, errors) };
    case "number":
      if (!isNumber(raw.value)) bad("value", "must be a number");
      if (op !== "between") return { ...base, value: raw.value as number };
      if (!isNumber(raw.to)) bad("to", "must be a number");
      else if (isNumber(raw.value) && raw.to < raw.value) bad("to", "must not be less than the first number");
      return { ...base, value: raw.value as number, to: raw.to as number };
    case "date":
      if (op === "within") {
        if (!isDays(raw.days)) bad("days", DAYS_NEEDED);
        return { ...base, days: raw.days as number };
      }
      if (!isDate(raw.value)) bad("value", "must be a date (YYYY-MM-DD)");
      return { ...base, value: raw.value as string };
    case "boolean":
      if (typeof raw.value !== "boolean") bad("value", "must be true or false");
      return { ...base, value: raw.value as boolean };
    case "choice": {
      const values = raw.values;
      if (!Array.isArray(values) || values.length === 0 || values.length > ATTRIBUTE_CHOICES_MAX)
        bad("values", `must list 1 to ${ATTRIBUTE_CHOICES_MAX} choices`);
      else if (values.some((v) => !def.choices.includes(v as string)))
        bad("values", `must be among: ${def.choices.join(", ")}`);
      return { ...base, values: Array.isArray(values) ? (values as string[]) : [] };
    }
  }
}

function condition(
  raw: unknown,
  at: string,
  attributes: readonly AttributeDefinition[],
  errors: SegmentFieldError[],
): SegmentCondition | undefined {
  if (!isObject(raw)) {
    errors.push({ field: at, message: "must be a condition" });
    return undefined;
  }
  const bad = (field: string, message: string) => errors.push({ field: `${at}.${field}`, message });
  switch (raw.kind) {
    case "attribute":
      return attributeCondition(raw, at, attributes, errors);
    case "field": {
      if (!oneOf(CONTACT_FIELDS, raw.field)) bad("field", `must be one of ${CONTACT_FIELDS.join(", ")}`);
      if (!oneOf(TEXT_OPS, raw.op)) {
        bad("op", `must be one of ${TEXT_OPS.join(", ")}`);
        return undefined;
      }
      return {
        kind: "field",
        field: raw.field as ContactField,
        op: raw.op,
        value: textValue(raw.op, raw.value, at, errors),
      };
    }
    case "label":
      if (!oneOf(LABEL_OPS, raw.op)) bad("op", `must be one of ${LABEL_OPS.join(", ")}`);
      if (!isText(raw.label) || raw.label.length > 40) bad("label", "must be a label of 1 to 40 characters");
      return { kind: "label", op: raw.op as LabelOp, label: String(raw.label).trim() };
    case "consent":
      if (!oneOf(SEGMENT_CONSENT_CHANNELS, raw.channel))
        bad("channel", `must be one of ${SEGMENT_CONSENT_CHANNELS.join(", ")}`);
      if (!oneOf(SEGMENT_CONSENT_STATES, raw.state))
        bad("state", `must be one of ${SEGMENT_CONSENT_STATES.join(", ")}`);
      return {
        kind: "consent",
        channel: raw.channel as SegmentConsentChannel,
        state: raw.state as SegmentConsentState,
      };
    case "engagement": {
      if (!oneOf(ENGAGEMENT_EVENTS, raw.event)) bad("event", `must be one of ${ENGAGEMENT_EVENTS.join(", ")}`);
      if (!isDays(raw.days)) bad("days", DAYS_NEEDED);
      const campaignId = raw.campaignId === undefined || raw.campaignId === "" ? undefined : raw.campaignId;
      if (campaignId !== undefined && (typeof campaignId !== "string" || !UUID.test(campaignId)))
        bad("campaignId", "must be a campaign id");
      const out = { kind: "engagement" as const, event: raw.event as EngagementEvent, days: raw.days as number };
      return campaignId === undefined ? out : { ...out, campaignId: campaignId as string };
    }
    default:
      bad("kind", `must be one of ${CONDITION_KINDS.join(", ")}`);
      return undefined;
  }
}

/**
 * A definition as the server keeps it, or every reason it cannot be (each naming its field). `attributes` are the
 * account's definitions: an attribute condition's operator and value follow its type.
 */
export function parseSegmentDefinition(
  raw: unknown,
  attributes: readonly AttributeDefinition[],
  at = "definition",
): { ok: true; definition: SegmentDefinition } | { ok: false; errors: SegmentFieldError[] } {
  const errors: SegmentFieldError[] = [];
  if (!isObject(raw)) return { ok: false, errors: [{ field: at, message: "must be a segment definition" }] };
  if (!oneOf(SEGMENT_JOINS, raw.join)) errors.push({ field: `${at}.join`, message: "must be and or or" });
  const groups = Array.isArray(raw.groups) ? raw.groups : [];
  if (groups.length === 0 || groups.length > SEGMENT_GROUPS_MAX)
    errors.push({ field: `${at}.groups`, message: `must hold 1 to ${SEGMENT_GROUPS_MAX} groups` });
  let total = 0;
  const parsed: SegmentGroup[] = groups.slice(0, SEGMENT_GROUPS_MAX).map((g: unknown, gi: number) => {
    const gat = `${at}.groups[${gi}]`;
    if (!isObject(g)) {
      errors.push({ field: gat, message: "must be a group of conditions" });
      return { join: "and", conditions: [] };
    }
    if (!oneOf(SEGMENT_JOINS, g.join)) errors.push({ field: `${gat}.join`, message: "must be and or or" });
    const list = Array.isArray(g.conditions) ? g.conditions : [];
    if (list.length === 0) errors.push({ field: `${gat}.conditions`, message: "must hold at least one condition" });
    total += list.length;
    const conditions = list
      .slice(0, SEGMENT_CONDITIONS_MAX)
      .map((c: unknown, ci: number) => condition(c, `${gat}.conditions[${ci}]`, attributes, errors))
      .filter((c): c is SegmentCondition => c !== undefined);
    return { join: g.join as SegmentJoin, conditions };
  });
  if (total > SEGMENT_CONDITIONS_MAX)
    errors.push({ field: `${at}.groups`, message: `must hold at most ${SEGMENT_CONDITIONS_MAX} conditions in all` });
  return errors.length
    ? { ok: false, errors }
    : { ok: true, definition: { join: raw.join as SegmentJoin, groups: parsed } };
}

/** A definition with one empty-valued condition, where the builder starts. */
export const NEW_SEGMENT_DEFINITION: SegmentDefinition = {
  join: "and",
  groups: [{ join: "and", conditions: [{ kind: "label", op: "has", label: "" }] }],
};
