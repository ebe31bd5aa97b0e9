import {
  AUDIENCE_PASTE_MAX,
  CAMPAIGN_NAME_MAX,
  failoverConditionsOf,
  TEST_SEND_MAX,
  type FailoverChannel,
} from "../contract/domain/campaigns";

/**
 * Fields the campaign schemas share. A create call takes them as a JSON body (with pasted `numbers`) or as the text
 * fields of a multipart form with the audience file in the part `file`; in a form, `variables`,
 * `smsFailoverConditions` and `smsCustomParams` are JSON-encoded arrays and `smsFailover` is "true" or "false".
 */
export const CAMPAIGN_NAME = {
  type: "string",
  title: "Campaign name",
  minLength: 1,
  maxLength: CAMPAIGN_NAME_MAX,
  pattern: "^[^\\u0000]*\\S[^\\u0000]*$",
} as const;

export const CAMPAIGN_REF = {
  type: "string",
  minLength: 1,
  maxLength: 64,
} as const;

export const PASTED_NUMBERS = {
  type: "string",
  title: "Numbers",
  description:
    "Pasted numbers, one per line or separated by commas; without a country code the default region applies.",
  maxLength: AUDIENCE_PASTE_MAX,
  pattern: "^[^\\u0000]*$",
} as const;

/** A saved segment of the account's contacts as the audience, instead of pasted numbers or a file. */
export const SEGMENT_REF = {
  type: "string",
  title: "Segment",
  description: "A saved segment's id: its contacts when the audience is read become the recipients.",
  minLength: 1,
  maxLength: 64,
} as const;

export const SAVE_TO_CONTACTS = {
  type: "boolean",
  title: "Save this audience to contacts",
  description:
    "With an audience file: its accepted numbers become contacts of the account (new ones with the file's name; an existing contact's empty name is filled). Off by default.",
} as const;

export const TRACK_LINKS = {
  type: "boolean",
  title: "Track links",
  description:
    "Each value that is a web address (https://…) is sent as the recipient's own short link on this product's link domain, so clicks are counted per recipient. On a DLT route the link domain must be whitelisted on the DLT platform. Off by default.",
} as const;

export const TEMPLATE_VARIABLES = {
  type: "array",
  title: "Template variables",
  description: "A value for each placeholder in order: fixed text, or {{column}} for the audience file's column.",
  maxItems: 50,
  items: { type: "string", maxLength: 1000, pattern: "^[^\\u0000]*$" },
} as const;

export const DEFAULT_REGION_FIELD = {
  type: "string",
  title: "Default country",
  description: "Two-letter country for numbers written without a country code.",
  pattern: "^[A-Z]{2}$",
} as const;

/**
 * The optional SMS failover part of a WhatsApp or RCS campaign (SPEC 3's WhatsApp payload; RCS takes the same
 * fields): the same properties for both, only the conditions differ (contract/domain/campaigns.ts). The create
 * check asks for smsAccountId, smsTemplate and a condition when smsFailover is true.
 */
export function failoverProperties<C extends FailoverChannel>(channel: C) {
  const conditions = failoverConditionsOf(channel);
  return {
    smsFailover: { type: "boolean", title: "Fail over to SMS" },
    smsFailoverConditions: {
      type: "array",
      title: "Fail over when",
      items: { type: "string", enum: conditions },
      uniqueItems: true,
      maxItems: conditions.length,
    },
    smsTemplate: { ...CAMPAIGN_REF, title: "SMS template" },
    smsAccountId: { ...CAMPAIGN_REF, title: "SMS account" },
    smsCustomParams: { ...TEMPLATE_VARIABLES, title: "SMS template variables" },
  } as const;
}

export const TEST_NUMBERS = {
  type: "array",
  title: "Test numbers",
  minItems: 1,
  maxItems: TEST_SEND_MAX,
  items: { type: "string", minLength: 1, maxLength: 20 },
} as const;
