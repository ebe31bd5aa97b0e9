import type { CarrierChannelRecord } from "../../../contract";

/** A secret field of a connect form: masked, and never offered by the browser's autofill. */
export const SECRET = { "ui:widget": "password", "ui:options": { autocomplete: "off" } } as const;

/** The hint under a secret field: the secret is never shown again, so empty means "keep it". */
export const KEEP_SECRET = "Leave empty to keep the saved value";

/**
 * A secret field of an edit form, empty at first: a plain input of type password, because antd's password widget
 * turns a cleared field into "" (which fails the field's rules) where this one leaves it out, so the saved value stays.
 */
export function editSecretUi(channel: CarrierChannelRecord, field: string) {
  const stored = channel.credentials.find((c) => c.field === field);
  return {
    "ui:widget": "text",
    "ui:options": { inputType: "password", autocomplete: "off" },
    "ui:help": `${KEEP_SECRET}${stored?.set && stored.last4 ? ` (ends in ${stored.last4})` : ""}.`,
  };
}
