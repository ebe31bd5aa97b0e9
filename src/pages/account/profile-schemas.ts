import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { SCHEMAS } from "../../../schemas";
import type { UserRecord } from "../../api";
import type { FormValues } from "../common/schema-form";

type Props = Record<string, RJSFSchema>;
const BASE = SCHEMAS["profile-update"] as unknown as RJSFSchema;
const BASE_PROPS = BASE.properties as Props;

/** A part of the shared 'profile-update' schema, so the profile and password forms keep the server's rules. */
export function pickSchema(keys: readonly string[], required: readonly string[] = []): RJSFSchema {
  const properties: Props = {};
  for (const k of keys) if (BASE_PROPS[k]) properties[k] = structuredClone(BASE_PROPS[k]);
  return {
    type: "object",
    additionalProperties: false,
    properties,
    ...(required.length ? { required: [...required] } : {}),
  };
}

export const PROFILE_KEYS = ["name", "email", "companyName", "phone", "timeZone"] as const;
export const PROFILE_SCHEMA: RJSFSchema = pickSchema(PROFILE_KEYS);
export const PROFILE_UI: UiSchema<FormValues> = {
  email: { "ui:placeholder": "name@company.com" },
  phone: { "ui:placeholder": "+91 98765 43210" },
  timeZone: { "ui:widget": "TimeZoneWidget" },
};

/** The password form adds a confirmation field that never leaves the browser. */
export const PASSWORD_SCHEMA: RJSFSchema = (() => {
  const s = pickSchema(["currentPassword", "newPassword"], ["currentPassword", "newPassword", "confirmPassword"]);
  const props = s.properties as Props;
  props.confirmPassword = { ...props.newPassword, title: "Confirm new password" };
  return s;
})();
export const PASSWORD_UI: UiSchema<FormValues> = {
  "ui:order": ["currentPassword", "newPassword", "confirmPassword"],
  currentPassword: { "ui:widget": "password", "ui:autocomplete": "current-password" },
  newPassword: { "ui:widget": "password", "ui:autocomplete": "new-password", "ui:help": "At least 8 characters." },
  confirmPassword: { "ui:widget": "password", "ui:autocomplete": "new-password" },
};

export function profileFormData(user: UserRecord | undefined): FormValues {
  const out: FormValues = {};
  if (!user) return out;
  const source = user as unknown as Record<string, unknown>;
  for (const k of PROFILE_KEYS) if (typeof source[k] === "string" && source[k]) out[k] = source[k];
  return out;
}

/** Only changed profile fields are sent; a cleared field is sent as "" so it is cleared on the server too. */
export function profileChanges(before: FormValues, after: FormValues): FormValues {
  const out: FormValues = {};
  for (const k of PROFILE_KEYS) {
    const next = after[k] ?? "";
    if (next !== (before[k] ?? "")) out[k] = next;
  }
  return out;
}

export function passwordMismatch(values: FormValues | undefined): boolean {
  return Boolean(values?.confirmPassword) && values?.confirmPassword !== values?.newPassword;
}
