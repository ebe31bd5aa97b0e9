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
  whatsappCloudConnect: named("whatsappCloudConnect", structuredClone(SCHEMAS["whatsapp-cloud-connect"]) as unknown as RJSFSchema),
  carrierChannelUpdate: named("carrierChannelUpdate", structuredClone(SCHEMAS["carrier-channel-update"]) as unknown as RJSFSchema),
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
