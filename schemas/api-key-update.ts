import { API_KEY_NAME, API_SCOPES_FIELD, EXPIRES_AT } from "./api-key-fields";

/** An API key's name, scopes and expiry, as a whole (PUT): an expiry left out means none. */
export const apiKeyUpdate = {
  title: "Edit the API key",
  type: "object",
  additionalProperties: false,
  required: ["name", "scopes"],
  properties: {
    name: API_KEY_NAME,
    scopes: API_SCOPES_FIELD,
    expiresAt: EXPIRES_AT,
  },
} as const;
