import { DEFAULT_KEY_LIMITS } from "../contract/domain/api-keys";
import {
  API_SCOPES_FIELD,
  CHANNELS_FIELD,
  EXPIRES_AT,
  IP_ALLOW_LIST,
  RATE_PER_DAY,
  RATE_PER_SECOND,
} from "./api-key-fields";

/** The settings of a key configuration, shared by create and update (PUT replaces them as a whole). */
export const KEY_CONFIG_FIELDS = {
  name: { type: "string", title: "Name", minLength: 1, maxLength: 80, pattern: "^[^\\u0000]*\\S[^\\u0000]*$" },
  channels: CHANNELS_FIELD,
  scopes: {
    ...API_SCOPES_FIELD,
    description: "What keys under this configuration may do (a key's own scopes narrow it further).",
  },
  ipAllowList: IP_ALLOW_LIST,
  ratePerSecond: { ...RATE_PER_SECOND, default: DEFAULT_KEY_LIMITS.perSecond },
  ratePerDay: { ...RATE_PER_DAY, default: DEFAULT_KEY_LIMITS.perDay },
  expiresAt: {
    ...EXPIRES_AT,
    description: "Keys under this configuration stop working then. Leave empty for no expiry.",
  },
} as const;

/** A key configuration: for one API key (apiKeyId), or the account's own for its keys without one. */
export const keyConfig = {
  title: "Key configuration",
  type: "object",
  additionalProperties: false,
  required: ["name", "channels", "scopes", "ratePerSecond", "ratePerDay"],
  properties: {
    apiKeyId: {
      type: "string",
      title: "API key",
      format: "uuid",
      description: "Leave out for the account's configuration.",
    },
    ...KEY_CONFIG_FIELDS,
  },
} as const;
