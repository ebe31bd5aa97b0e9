import { Type } from "./type";
import { MSG } from "../messages";
import { ADMIN, ADMIN_RESELLER_MANAGER } from "./access";
import { ImpersonatedSession, Session, UserRecord } from "./records";
import { Confirmation, replies } from "./replies";
import type { CallDef } from "./types";

const Created = Type.Object({ success: Type.Literal(true), message: Type.String(), data: UserRecord });

/** SPEC 7 "Authentication". */
export const AUTH_CALLS = {
  "auth.registerDefault": {
    method: "POST",
    path: "/api/v1/auth/register-defualt",
    access: "public",
    bodySchema: "register-default",
    response: replies({ 201: Created }),
    summary: "Self-registration of an organization",
  },
  "auth.login": {
    method: "POST",
    path: "/api/v1/auth/login",
    access: "public",
    bodySchema: "login",
    failure: MSG.loginFailed,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), message: Type.String(), data: Session }) }),
    summary: "Sign in with email or username",
  },
  "auth.sendResetLink": {
    method: "POST",
    path: "/api/auth/send-reset-link",
    access: "public",
    bodySchema: "send-reset-link",
    response: replies({ 200: Confirmation }),
    summary: "Mail a password-reset link (same answer for unknown addresses)",
  },
  "auth.resetPassword": {
    method: "POST",
    path: "/api/auth/reset-password",
    access: "public",
    bodySchema: "reset-password",
    failure: MSG.resetFailed,
    response: replies({ 200: Confirmation }),
    summary: "Choose a new password with a reset token",
  },
  "auth.register": {
    method: "POST",
    path: "/api/v1/auth/register",
    access: ADMIN_RESELLER_MANAGER,
    bodySchema: "register",
    response: replies({ 201: Created }),
    summary: "Create a sub-account",
  },
  // Ours (documented in calls/index.ts): an email change waits for the new address to confirm it.
  "auth.confirmEmail": {
    method: "POST",
    path: "/api/v1/auth/confirm-email",
    access: "public",
    bodySchema: "confirm-email",
    failure: MSG.confirmEmailFailed,
    response: replies({ 200: Confirmation }),
    summary: "Confirm an email change with the token mailed to the new address",
  },
  "auth.impersonate": {
    method: "POST",
    path: "/api/v1/auth/admin-impersonate",
    access: ADMIN,
    bodySchema: "impersonate",
    failure: MSG.impersonationFailed,
    response: replies({
      200: Type.Object({ success: Type.Literal(true), message: Type.String(), data: ImpersonatedSession }),
    }),
    summary: "Start a session as another account",
  },
  // Ours (documented in calls/index.ts): logout ends the server-side session.
  "auth.logout": {
    method: "POST",
    path: "/api/v1/auth/logout",
    access: "signed-in",
    response: replies({ 200: Confirmation }),
    summary: "End the caller's session (and impersonation sessions opened from it)",
  },
} as const satisfies Record<string, CallDef>;
