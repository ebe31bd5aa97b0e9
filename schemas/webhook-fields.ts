import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, WEBHOOK_URL_MAX } from "../contract/domain/webhooks";

/**
 * The fields of a webhook endpoint. The URL's scheme and address rules (https in production, no private or loopback
 * addresses unless the admin allows them) depend on the server's configuration and DNS, so the server checks them
 * after this schema and answers with the reason.
 */
export const WEBHOOK_URL = {
  type: "string",
  title: "Endpoint URL",
  description: "Where events are POSTed as JSON, e.g. https://example.com/hooks/messages",
  minLength: 1,
  maxLength: WEBHOOK_URL_MAX,
  pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$",
} as const;

export const WEBHOOK_EVENTS_FIELD = {
  type: "array",
  title: "Events",
  minItems: 1,
  uniqueItems: true,
  items: { type: "string", enum: WEBHOOK_EVENTS },
} as const;

export const WEBHOOK_DESCRIPTION = {
  type: "string",
  title: "Description",
  maxLength: WEBHOOK_DESCRIPTION_MAX,
  pattern: "^[^\\u0000]*$",
} as const;

/** No default here: the server fills defaults in while validating, and an edit must not switch an endpoint back on. */
export const WEBHOOK_ACTIVE = {
  type: "boolean",
  title: "Active",
  description: "Inactive endpoints receive nothing; their pending deliveries wait until they are active again.",
} as const;
