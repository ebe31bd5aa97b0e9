import { KEY_CONFIG_FIELDS } from "./key-config";

/** A key configuration's settings as a whole (PUT); the key it belongs to does not change. */
export const keyConfigUpdate = {
  title: "Key configuration",
  type: "object",
  additionalProperties: false,
  required: ["name", "channels", "scopes", "ratePerSecond", "ratePerDay"],
  properties: KEY_CONFIG_FIELDS,
} as const;
