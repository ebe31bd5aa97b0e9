import { Type } from "./type";
import { WORKSPACE } from "./access";
import { replies } from "./replies";
import type { CallDef } from "./types";

// Ours (issue 41, item 2): an account's conversion settings, on the API Control screen: the attribution window (how
// far back a conversion reported by number looks for its message) and the postback URL (the conversions call as a GET
// a shop can call without an API key). The caller's own account, in the API module.

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const When = Type.String({ format: "date-time" });

export const ConversionSettingsRecord = Type.Object({
  windowDays: Type.Integer(),
  postback: Nullable(
    Type.Object({
      /** The token's last four characters, to tell one URL from the next; the URL itself is shown once. */
      hint: Type.String(),
      createdAt: When,
      lastUsedAt: Nullable(When),
    }),
  ),
});

const Settings = ok({ data: ConversionSettingsRecord });
const Saved = ok({ message: Type.String(), data: ConversionSettingsRecord });

export const CONVERSION_SETTINGS_CALLS = {
  "conversionSettings.get": {
    method: "GET",
    path: "/api/v1/conversion-settings",
    access: WORKSPACE,
    module: "api",
    response: replies({ 200: Settings }),
    summary: "The caller's attribution window and whether it has a postback URL (never the URL: it is shown once)",
  },
  "conversionSettings.update": {
    method: "PUT",
    path: "/api/v1/conversion-settings",
    access: WORKSPACE,
    module: "api",
    bodySchema: "conversion-settings",
    response: replies({ 200: Saved }),
    summary: "Set the attribution window: days a conversion reported by number looks back for its message (1-90)",
  },
  "conversionSettings.newPostback": {
    method: "POST",
    path: "/api/v1/conversion-settings/postback",
    access: WORKSPACE,
    module: "api",
    response: replies({ 201: ok({ message: Type.String(), url: Type.String(), data: ConversionSettingsRecord }) }),
    summary: "Make the account's postback URL, replacing the one it had (which stops working at once); shown once",
  },
  "conversionSettings.revokePostback": {
    method: "DELETE",
    path: "/api/v1/conversion-settings/postback",
    access: WORKSPACE,
    module: "api",
    response: replies({ 200: Saved }),
    summary: "Revoke the account's postback URL: calls to it answer 404",
  },
} as const satisfies Record<string, CallDef>;
