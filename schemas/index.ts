import balanceChange from "./balance-change.json";
import balanceRequest from "./balance-request.json";
import balanceRequestReject from "./balance-request-reject.json";
import confirmEmail from "./confirm-email.json";
import grantPermission from "./grant-permission.json";
import impersonate from "./impersonate.json";
import login from "./login.json";
import profileUpdate from "./profile-update.json";
import registerDefault from "./register-default.json";
import register from "./register.json";
import resetPassword from "./reset-password.json";
import sendResetLink from "./send-reset-link.json";
import userUpdate from "./user-update.json";

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
  "user-update": userUpdate,
} as const;

export type SchemaName = keyof typeof SCHEMAS;
