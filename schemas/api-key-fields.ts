import {
  API_KEY_NAME_MAX,
  API_SCOPES,
  IP_ALLOW_LIST_MAX,
  RATE_PER_DAY_MAX,
  RATE_PER_SECOND_MAX,
} from "../contract/domain/api-keys";
import { CAMPAIGN_CHANNELS } from "../contract/constants";

// Fields the API key and key configuration bodies share, written once.

export const API_KEY_NAME = {
  type: "string",
  title: "Name",
  description: 'What the key is for, e.g. "Order system".',
  minLength: 1,
  maxLength: API_KEY_NAME_MAX,
  pattern: "^[^\\u0000]*\\S[^\\u0000]*$",
} as const;

export const API_SCOPES_FIELD = {
  type: "array",
  title: "Scopes",
  description: "What the key may do.",
  minItems: 1,
  uniqueItems: true,
  items: { type: "string", enum: [...API_SCOPES] },
} as const;

export const EXPIRES_AT = {
  type: "string",
  title: "Expires at",
  description: "Leave empty for no expiry.",
  format: "date-time",
} as const;

export const CHANNELS_FIELD = {
  type: "array",
  title: "Allowed channels",
  minItems: 1,
  uniqueItems: true,
  items: { type: "string", enum: [...CAMPAIGN_CHANNELS] },
} as const;

export const IP_ALLOW_LIST = {
  type: "array",
  title: "IP allow-list",
  description: "IPv4 or IPv6 addresses and CIDR ranges (203.0.113.0/24, 2001:db8::/32). Empty: any address.",
  maxItems: IP_ALLOW_LIST_MAX,
  items: { type: "string", title: "Address or range", minLength: 2, maxLength: 50, pattern: "^[0-9A-Fa-f.:/]+$" },
} as const;

export const RATE_PER_SECOND = {
  type: "integer",
  title: "Requests per second",
  minimum: 1,
  maximum: RATE_PER_SECOND_MAX,
} as const;
export const RATE_PER_DAY = {
  type: "integer",
  title: "Requests per day",
  minimum: 1,
  maximum: RATE_PER_DAY_MAX,
} as const;
