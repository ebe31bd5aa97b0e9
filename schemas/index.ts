import type { SchemaStatic } from "./static";
import { balanceChange } from "./balance-change";
import { balanceRequest } from "./balance-request";
import { balanceRequestReject } from "./balance-request-reject";
import { confirmEmail } from "./confirm-email";
import { grantPermission } from "./grant-permission";
import { impersonate } from "./impersonate";
import { login } from "./login";
import { profileUpdate } from "./profile-update";
import { registerDefault } from "./register-default";
import { register } from "./register";
import { resetPassword } from "./reset-password";
import { sendResetLink } from "./send-reset-link";
import { uploadCreate } from "./upload-create";
import { uploadDelete } from "./upload-delete";
import { userUpdate } from "./user-update";
import { wabaMediaSession } from "./waba-media-session";
import { wabaMediaUpload } from "./waba-media-upload";

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
  "register-default": registerDefault,
  register,
  "reset-password": resetPassword,
  "send-reset-link": sendResetLink,
  "upload-create": uploadCreate,
  "upload-delete": uploadDelete,
  "user-update": userUpdate,
  "waba-media-session": wabaMediaSession,
  "waba-media-upload": wabaMediaUpload,
} as const;

export type SchemaName = keyof typeof SCHEMAS;

/** The body type of each schema, derived from the schema object (see static.ts). */
export type SchemaBody<N extends SchemaName> = SchemaStatic<(typeof SCHEMAS)[N]>;
