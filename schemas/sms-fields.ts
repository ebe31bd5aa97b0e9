import { SMS_BODY_MAX, SMS_CATEGORIES, SMS_NAME_MAX, SMS_SENDER_IDS_MAX } from "../contract/domain/sms";

/**
 * Fields the SMS schemas share. The schemas give the shape and outer bounds; the DLT rules themselves (header of
 * six letters, {#var#}, digit ids, header on the account) are contract/domain/sms.ts, which the server runs after
 * the schema so each broken rule gets its own field message.
 */
export const SMS_ID = {
  type: "string",
  title: "Id",
  minLength: 1,
  maxLength: 64,
} as const;

export const SMS_TEMPLATE_NAME = {
  type: "string",
  title: "Template name",
  maxLength: SMS_NAME_MAX,
  pattern: "^[^\\u0000]*$",
} as const;

export const SMS_BODY = {
  type: "string",
  title: "Message",
  maxLength: SMS_BODY_MAX,
  pattern: "^[^\\u0000]*$",
} as const;

export const SMS_CATEGORY = {
  type: "string",
  title: "Category",
  enum: SMS_CATEGORIES,
} as const;

export const SMS_HEADER = {
  type: "string",
  title: "Sender id",
  maxLength: 20,
} as const;

export const DLT_ID = {
  type: "string",
  title: "DLT id",
  maxLength: 40,
} as const;

export const SMS_SENDER_IDS = {
  type: "array",
  title: "Sender ids",
  maxItems: SMS_SENDER_IDS_MAX,
  items: SMS_HEADER,
} as const;
