import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { CREATABLE_ROLES, normalizeRole, ROLE_AREAS, type Role } from "../../../contract";
import { SCHEMAS } from "../../../schemas";
import type { UserRecord } from "../../api";
import type { FormValues } from "../common/schema-form";

type SchemaProps = Record<string, RJSFSchema>;

function clone(schema: unknown): RJSFSchema {
  return structuredClone(schema) as RJSFSchema;
}

/**
 * The shared 'register' schema narrowed to the roles the caller may create (CREATABLE_ROLES). The schema
 * accepts both spellings of department head; the form offers one.
 */
export function registerSchemaFor(caller: Role): RJSFSchema {
  const schema = clone(SCHEMAS.register);
  const props = schema.properties as SchemaProps;
  const allowed = CREATABLE_ROLES[caller];
  const seen = new Set<Role>();
  const choices = ((props.role.enum ?? []) as string[]).filter((value) => {
    const role = normalizeRole(value);
    if (!role || !allowed.includes(role) || seen.has(role) || value !== role) return false;
    seen.add(role);
    return true;
  });
  props.role = { ...props.role, enum: choices, ...(choices.length === 1 ? { default: choices[0] } : {}) };
  return schema;
}

export function registerUiSchema(caller: Role): UiSchema<FormValues> {
  const roles = registerSchemaFor(caller).properties as SchemaProps;
  const enumValues = (roles.role.enum ?? []) as Role[];
  return {
    "ui:order": ["username", "name", "email", "password", "role", "companyName", "phone"],
    username: { "ui:autofocus": true, "ui:placeholder": "letters, digits, . _ -" },
    email: { "ui:placeholder": "name@company.com" },
    password: { "ui:widget": "password", "ui:help": "At least 8 characters." },
    role: { "ui:enumNames": enumValues.map((r) => ROLE_AREAS[r].label), "ui:placeholder": "Choose a role" },
    phone: { "ui:placeholder": "+91 98765 43210" },
  };
}

export const EDIT_SCHEMA: RJSFSchema = clone(SCHEMAS["user-update"]);

export const EDIT_UI_SCHEMA: UiSchema<FormValues> = {
  "ui:order": ["name", "email", "companyName", "phone", "status", "userId"],
  userId: { "ui:widget": "hidden" },
  status: { "ui:enumNames": ["Active", "Suspended"] },
};

/** The edit form starts from the record, keeping only fields the 'user-update' schema knows (it forbids others). */
export function editFormData(user: UserRecord): FormValues {
  const keys = Object.keys((EDIT_SCHEMA.properties ?? {}) as SchemaProps);
  const source: Record<string, unknown> = { ...user, userId: user._id };
  const out: FormValues = {};
  for (const key of keys) {
    const value = source[key];
    if (value !== undefined && value !== null && value !== "") out[key] = value;
  }
  return out;
}

/** Only what changed is sent, so an edit never rewrites a field someone else changed meanwhile. */
export function changedFields(before: FormValues, after: FormValues): FormValues {
  const out: FormValues = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === "userId") continue;
    // A cleared field comes back as undefined: send "" so the server clears it too.
    const value = after[key] ?? "";
    if (value !== (before[key] ?? "")) out[key] = value;
  }
  return out;
}
