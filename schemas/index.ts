import type { SchemaStatic } from "./static";
import { balanceChange } from "./balance-change";
import { balanceRequest } from "./balance-request";
import { balanceRequestReject } from "./balance-request-reject";
import { confirmEmail } from "./confirm-email";
import { grantPermission } from "./grant-permission";
import { impersonate } from "./impersonate";
import { login } from "./login";
import { profileUpdate } from "./profile-update";
import { rcsTemplate } from "./rcs-template";
import { registerDefault } from "./register-default";
import { register } from "./register";
import { resetPassword } from "./reset-password";
import { sendResetLink } from "./send-reset-link";
import { userUpdate } from "./user-update";

/** Request-body schemas by the name the call table uses (`bodySchema`). Both ends validate with these. */
export const SCHEMAS = {
  "balance-change": balanceChange,
  "balance-request": balanceRequest,
  "balance-request-reject": balanceRequestReject,
  "confirm-email": confirmEmail,
  "grant-permission": grantPermission,
  impersonate,
  login,
  "profile-update": profileUpdate,
  "rcs-template": rcsTemplate,
  "register-default": registerDefault,
  register,
  "reset-password": resetPassword,
  "send-reset-link": sendResetLink,
  "user-update": userUpdate,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** The body type of each schema, derived from the schema object (see static.ts). */
export type SchemaBody<N extends SchemaName> = SchemaStatic<(typeof SCHEMAS)[N]>;
