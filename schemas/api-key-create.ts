import { API_KEY_NAME, API_SCOPES_FIELD, EXPIRES_AT } from "./api-key-fields";

/** A new API key; its secret is answered once. */
export const apiKeyCreate = {
  title: "Create an API key",
  type: "object",
  additionalProperties: false,
  required: ["name", "scopes"],
  properties: {
    name: API_KEY_NAME,
    scopes: API_SCOPES_FIELD,
    expiresAt: EXPIRES_AT,
  },
} as const;
