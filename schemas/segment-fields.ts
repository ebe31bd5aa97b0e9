import { ATTRIBUTE_CHOICES_MAX, ATTRIBUTE_KEY_PATTERN, ATTRIBUTE_TEXT_MAX } from "../contract/domain/contacts";
import {
  CONDITION_KINDS,
  CONTACT_FIELDS,
  ENGAGEMENT_EVENTS,
  LABEL_OPS,
  OP_LABELS,
  SEGMENT_CONDITIONS_MAX,
  SEGMENT_CONSENT_CHANNELS,
  SEGMENT_CONSENT_STATES,
  SEGMENT_DAYS_MAX,
  SEGMENT_DAYS_MIN,
  SEGMENT_DESCRIPTION_MAX,
  SEGMENT_GROUPS_MAX,
  SEGMENT_JOINS,
  SEGMENT_NAME_MAX,
} from "../contract/domain/segments";

// A segment definition's shape. Which fields a condition needs, the operators an attribute's type takes and the
// limits across groups depend on the kind and on the account's attributes: contract/domain/segments.ts
// parseSegmentDefinition checks those after this and names the field it refuses.

const NO_NUL = "^[^\\u0000]*$";
const DAYS = { type: "integer", minimum: SEGMENT_DAYS_MIN, maximum: SEGMENT_DAYS_MAX } as const;

export const SEGMENT_CONDITION = {
  type: "object",
  additionalProperties: false,
  required: ["kind"],
  properties: {
    kind: { type: "string", enum: [...CONDITION_KINDS] },
    key: { type: "string", pattern: ATTRIBUTE_KEY_PATTERN },
    field: { type: "string", enum: [...CONTACT_FIELDS] },
    op: { type: "string", enum: [...new Set([...Object.keys(OP_LABELS), ...LABEL_OPS])] },
    value: { type: ["string", "number", "boolean"], maxLength: ATTRIBUTE_TEXT_MAX, pattern: NO_NUL },
    to: { type: "number" },
    days: DAYS,
    values: {
      type: "array",
      maxItems: ATTRIBUTE_CHOICES_MAX,
      items: { type: "string", maxLength: ATTRIBUTE_TEXT_MAX, pattern: NO_NUL },
    },
    label: { type: "string", maxLength: 40, pattern: NO_NUL },
    channel: { type: "string", enum: [...SEGMENT_CONSENT_CHANNELS] },
    state: { type: "string", enum: [...SEGMENT_CONSENT_STATES] },
    event: { type: "string", enum: [...ENGAGEMENT_EVENTS] },
    campaignId: { type: "string", maxLength: 64 },
  },
} as const;

export const SEGMENT_DEFINITION = {
  type: "object",
  title: "Definition",
  additionalProperties: false,
  required: ["join", "groups"],
  properties: {
    join: { type: "string", enum: [...SEGMENT_JOINS] },
    groups: {
      type: "array",
      minItems: 1,
      maxItems: SEGMENT_GROUPS_MAX,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["join", "conditions"],
        properties: {
          join: { type: "string", enum: [...SEGMENT_JOINS] },
          conditions: { type: "array", minItems: 1, maxItems: SEGMENT_CONDITIONS_MAX, items: SEGMENT_CONDITION },
        },
      },
    },
  },
} as const;

export const SEGMENT_NAME = {
  type: "string",
  title: "Name",
  minLength: 1,
  maxLength: SEGMENT_NAME_MAX,
  pattern: "^[^\\u0000]*\\S[^\\u0000]*$",
} as const;

export const SEGMENT_DESCRIPTION = {
  type: "string",
  title: "Description",
  maxLength: SEGMENT_DESCRIPTION_MAX,
  pattern: NO_NUL,
} as const;
