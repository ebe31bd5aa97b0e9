import type { RJSFSchema } from "@rjsf/utils";
import type { Role } from "../../../../contract";
import { PASSWORD_SCHEMA, PROFILE_SCHEMA } from "../../account/profile-schemas";
import { BOT_CREATE_SCHEMA, BOT_EDIT_SCHEMA } from "../../bots/bot-schemas";
import { EDIT_SCHEMA, registerSchemaFor } from "../../users/user-schemas";
import { SCHEMAS } from "../../../../schemas";

/**
 * Every schema a console form renders, each under an identifier-safe `$id`: the validators are precompiled per
 * `$id` (see build-validators.ts) because the server's CSP forbids the `new Function` ajv compiles with.
 * The modal or card shows the title, so the schema's own title is dropped.
 */
function named(id: string, schema: RJSFSchema): RJSFSchema {
  const { title: _title, ...rest } = schema;
  return { ...rest, $id: id };
}

/**
 * A shared body schema for a console form, without `format: date-time`: its precompiled ajv code needs ajv-formats at
 * run time, which the generated module cannot load. The field keeps its date-time widget (uiSchema) and the server
 * still checks the format.
 */
function withoutDateTimeFormat(schema: unknown): RJSFSchema {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (!value || typeof value !== "object") return value;
    const out = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
    if (out.format === "date-time") delete out.format;
    return out;
  };
  return strip(structuredClone(schema)) as RJSFSchema;
}

/** A body schema as a console form: the fields the page fills itself (the agent an entry belongs to) left out. */
function formOf(
  name: keyof typeof SCHEMAS,
  leaveOut: readonly string[] = [],
  required?: readonly string[],
): RJSFSchema {
  const schema = structuredClone(SCHEMAS[name]) as unknown as RJSFSchema & {
    properties: Record<string, unknown>;
    required?: string[];
  };
  for (const key of leaveOut) delete schema.properties[key];
  schema.required = [...(required ?? schema.required ?? [])].filter((key) => !leaveOut.includes(key));
  return schema;
}

export const FORM_SCHEMAS = {
  registerAdmin: named("registerAdmin", registerSchemaFor("admin")),
  registerReseller: named("registerReseller", registerSchemaFor("reseller")),
  registerManager: named("registerManager", registerSchemaFor("manager")),
  userUpdate: named("userUpdate", EDIT_SCHEMA),
  profileDetails: named("profileDetails", PROFILE_SCHEMA),
  passwordChange: named("passwordChange", PASSWORD_SCHEMA),
  botCreate: named("botCreate", BOT_CREATE_SCHEMA),
  botEdit: named("botEdit", BOT_EDIT_SCHEMA),
  ratesUpdate: named("ratesUpdate", structuredClone(SCHEMAS["rates-update"]) as unknown as RJSFSchema),
  liveAgentInvite: named("liveAgentInvite", structuredClone(SCHEMAS["live-agent-invite"]) as unknown as RJSFSchema),
  liveAgentCreate: named("liveAgentCreate", structuredClone(SCHEMAS["live-agent-create"]) as unknown as RJSFSchema),
  apiKeyCreate: named("apiKeyCreate", withoutDateTimeFormat(SCHEMAS["api-key-create"])),
  apiKeyUpdate: named("apiKeyUpdate", withoutDateTimeFormat(SCHEMAS["api-key-update"])),
  keyConfig: named("keyConfig", withoutDateTimeFormat(SCHEMAS["key-config-update"])),
  webhookCreate: named("webhookCreate", structuredClone(SCHEMAS["webhook-endpoint"]) as unknown as RJSFSchema),
  webhookEdit: named("webhookEdit", structuredClone(SCHEMAS["webhook-endpoint-update"]) as unknown as RJSFSchema),
  aiAgent: named("aiAgent", formOf("ai-agent")),
  aiBusinessContext: named("aiBusinessContext", formOf("ai-business-context", ["agentId"])),
  // The knowledge form is one per kind (the page's switch), so each asks only for what its kind needs.
  aiKnowledgeText: named("aiKnowledgeText", formOf("ai-knowledge", ["agentId", "kind", "faqs"], ["title", "content"])),
  aiKnowledgeFaq: named("aiKnowledgeFaq", formOf("ai-knowledge", ["agentId", "kind", "content"], ["title", "faqs"])),
  whatsappCloudConnect: named(
    "whatsappCloudConnect",
    structuredClone(SCHEMAS["whatsapp-cloud-connect"]) as unknown as RJSFSchema,
  ),
  carrierChannelUpdate: named(
    "carrierChannelUpdate",
    structuredClone(SCHEMAS["carrier-channel-update"]) as unknown as RJSFSchema,
  ),
  smppConnect: named("smppConnect", structuredClone(SCHEMAS["smpp-connect"]) as unknown as RJSFSchema),
  smsHttpConnect: named("smsHttpConnect", structuredClone(SCHEMAS["sms-http-connect"]) as unknown as RJSFSchema),
  rcsGoogleConnect: named("rcsGoogleConnect", structuredClone(SCHEMAS["rcs-google-connect"]) as unknown as RJSFSchema),
  smppEdit: named("smppEdit", structuredClone(SCHEMAS["smpp-edit"]) as unknown as RJSFSchema),
  smsHttpEdit: named("smsHttpEdit", structuredClone(SCHEMAS["sms-http-edit"]) as unknown as RJSFSchema),
  rcsGoogleEdit: named("rcsGoogleEdit", structuredClone(SCHEMAS["rcs-google-edit"]) as unknown as RJSFSchema),
  // Labels, typed attributes and a choice's values sit beside the forms (tag inputs and the account's own fields).
  contact: named("contact", formOf("contact-create", ["labels", "attributes"])),
  contactAttribute: named("contactAttribute", formOf("contact-attribute", ["choices"])),
  // The channel and the registered SMS template are selects beside the form (the account's templates).
  cannedResponse: named("cannedResponse", formOf("canned-response", ["channel", "smsTemplateId"])),
} as const;

export type FormSchemaId = keyof typeof FORM_SCHEMAS;

const REGISTER_BY_ROLE: Partial<Record<Role, FormSchemaId>> = {
  admin: "registerAdmin",
  reseller: "registerReseller",
  manager: "registerManager",
};

/** The create-user schema for a caller, or null when the caller creates no accounts (CREATABLE_ROLES). */
export function registerFormSchema(caller: Role): RJSFSchema | null {
  const id = REGISTER_BY_ROLE[caller];
  return id ? FORM_SCHEMAS[id] : null;
}
