import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import { RBM_BILLING_CATEGORIES, type RbmBillingCategory } from "../../../contract/domain/rate-keys";
import { RCS_USE_CASE_LABELS, RCS_USE_CASES } from "../../../contract/domain/rcs-bots";
import { SCHEMAS } from "../../../schemas";
import type { CallReply } from "../../api";
import type { FormValues } from "../common/schema-form";

export type BotRecord = CallReply<"bots.ids">["data"][number];

const FIELDS = SCHEMAS["rcs-bot"].properties;
const { userId: _userId, ...CREATE_FIELDS } = FIELDS;
// Google fixes the billing category when the agent is created: the edit form has no such field.
const { billingCategory: _billingCategory, ...BOT_FIELDS } = CREATE_FIELDS;

/** How the console names an RBM agent's billing category. */
export const BILLING_CATEGORY_LABELS: Record<RbmBillingCategory, string> = {
  non_conversational: "Non-conversational",
  conversational: "Conversational",
};

/**
 * The create form: the 'rcs-bot' schema without the account, which the drawer picks with the account picker
 * above the form (a search over users.list reads better than an id field).
 */
export const BOT_CREATE_SCHEMA: RJSFSchema = structuredClone({
  type: "object",
  additionalProperties: false,
  required: SCHEMAS["rcs-bot"].required.filter((k) => k !== "userId"),
  properties: CREATE_FIELDS,
}) as unknown as RJSFSchema;

/** The edit form: the same fields; bots made before logos were required may lack the URLs, so only these are needed. */
export const BOT_EDIT_SCHEMA: RJSFSchema = structuredClone({
  type: "object",
  additionalProperties: false,
  required: ["name", "description", "useCase", "brandColor"],
  properties: BOT_FIELDS,
}) as unknown as RJSFSchema;

export const BOT_UI_SCHEMA: UiSchema<FormValues> = {
  "ui:order": [
    "name",
    "useCase",
    "billingCategory",
    "description",
    "brandColor",
    "phone",
    "logoUrl",
    "bannerUrl",
    "website",
    "privacyUrl",
    "termsUrl",
  ],
  name: { "ui:autofocus": true, "ui:placeholder": "Shown to recipients, e.g. Acme Retail" },
  description: {
    "ui:widget": "textarea",
    "ui:options": { rows: 2 },
    "ui:placeholder": "One line on what the bot sends",
  },
  useCase: {
    "ui:enumNames": RCS_USE_CASES.map((u) => RCS_USE_CASE_LABELS[u]),
    "ui:help": "Traffic must match the use case the bot is registered for.",
  },
  billingCategory: { "ui:enumNames": RBM_BILLING_CATEGORIES.map((c) => BILLING_CATEGORY_LABELS[c]) },
  brandColor: { "ui:widget": "color" },
  phone: { "ui:placeholder": "+91 98765 43210" },
  logoUrl: { "ui:placeholder": "https://…/logo.png" },
  bannerUrl: { "ui:placeholder": "https://…/banner.png" },
  website: { "ui:placeholder": "https://www.example.com" },
  privacyUrl: { "ui:placeholder": "https://www.example.com/privacy" },
  termsUrl: { "ui:placeholder": "https://www.example.com/terms" },
};

const FIELD_NAMES = Object.keys(BOT_FIELDS);

/** The edit form starts from the record: its schema fields with a value. */
export function botFormData(bot: BotRecord): FormValues {
  const source = bot as unknown as Record<string, unknown>;
  const out: FormValues = {};
  for (const key of FIELD_NAMES)
    if (source[key] !== null && source[key] !== undefined && source[key] !== "") out[key] = source[key];
  return out;
}

/** Only what changed is sent (the update call keeps the rest). */
export function changedBotFields(initial: FormValues, values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && v !== initial[k]));
}
