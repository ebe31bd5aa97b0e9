import { createHash, randomBytes } from "node:crypto";
import { RESET_TOKEN_TTL_S } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { SELF_SIGNUP_MODULES, type ModuleName } from "../../../contract/modules";
import { CREATABLE_ROLES, normalizeRole, type Role } from "../../../contract/roles";
import { effectiveModules } from "../../../contract/ability";
import { callerOf } from "../../auth/guard";
import { issueSession } from "../../auth/issue-session";
import { linkOrigin } from "../../config";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../../services/accounts/passwords";
import { isUniqueViolation } from "../../db/client";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../http/errors";
import {
  accountExists,
  findLoginAccount,
  findUserByEmail,
  insertAccount,
  markFirstLoginDone,
  recordImpersonation,
} from "../../services/accounts/store";
import { confirmEmailChange } from "../../services/accounts/email-change";
import { claimLoginAttempt, clearLoginFailures, recordLoginFailure } from "../../services/accounts/login-throttle";
import { upgradePasswordHash } from "../../auth/password-upgrade";
import { consumeResetToken, storeResetToken } from "../../services/accounts/password-reset";
import { findUser } from "../../services/accounts/users";
import type { CallBody } from "../../../contract/calls";
import type { Handlers, RouteContext } from "../context";

/** Self-signup's body; the register body adds the role, so it is one too. */
type NewAccount = CallBody<"auth.registerDefault">;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** Creates an account and its module permissions in one transaction; duplicates are a 409, not a 500. */
async function createAccount(
  ctx: RouteContext,
  input: NewAccount,
  role: Role,
  parentId: string | null,
  modules: readonly ModuleName[],
) {
  const username = input.username.toLowerCase();
  const email = input.email.toLowerCase();
  if (await accountExists(ctx.db, username, email)) throw conflict(MSG.duplicateUser);
  const passwordHash = await hashPassword(input.password);
  try {
    const account = {
      username,
      email,
      passwordHash,
      role,
      parentId,
      name: input.name ?? "",
      companyName: input.companyName ?? "",
      phone: input.phone ?? "",
    };
    return await insertAccount(ctx.db, account, modules);
  } catch (error) {
    // A concurrent registration of the same name passes the check above and trips the unique index instead.
    if (isUniqueViolation(error)) throw conflict(MSG.duplicateUser);
    throw error;
  }
}

export const authHandlers: Handlers = {
  // Per-IP limits of the public calls are @fastify/rate-limit's (routes/index.ts); here only per-account rules.
  "auth.login": async (request, _reply, ctx) => {
    const { email: identifier, password } = request.body;
    const account = identifier.trim().toLowerCase();
    // Username and email resolve to one account, so both spellings count against the same failures.
    const row = await findLoginAccount(ctx.db, account);
    // Inside the account's delay window the password is not even checked (a wrong guess is counted before its check).
    const claim = row ? await claimLoginAttempt(ctx.db, row.id, ctx.config.loginDelay) : undefined;
    if (claim && !claim.checked)
      throw new HttpError(429, MSG.loginThrottled, undefined, undefined, { "retry-after": String(claim.retryAfterS) });
    const ok = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
    if (!row || !ok) {
      if (row) await recordLoginFailure(ctx.db, row.id);
      throw new HttpError(401, MSG.invalidCredentials);
    }
    await clearLoginFailures(ctx.db, row.id);
    if (row.status !== "active") throw new HttpError(403, MSG.accountSuspended);
    if (row.isFirstLogin) await markFirstLoginDone(ctx.db, row.id);
    await upgradePasswordHash(ctx.db, row, password);
    return { success: true, message: "Login successful", data: (await issueSession(ctx, row)).data };
  },

  // Saying that an account exists is deliberate (people need it); the per-IP limit keeps it from being a probe.
  "auth.registerDefault": async (request, reply, ctx) => {
    const data = await createAccount(ctx, request.body, "manager", null, SELF_SIGNUP_MODULES);
    reply.status(201);
    return { success: true, message: "Account created", data };
  },

  "auth.register": async (request, reply, ctx) => {
    const caller = callerOf(request);
    const input = request.body;
    const role = normalizeRole(input.role);
    if (!role || !CREATABLE_ROLES[caller.role].includes(role)) throw forbidden(MSG.roleNotCreatable);
    // A new sub-account gets the modules its creator holds: nobody hands out more than they have.
    const modules = effectiveModules({ role: caller.role, modules: caller.modules });
    const data = await createAccount(ctx, input, role, caller.id, modules);
    reply.status(201);
    return { success: true, message: "User created", data };
  },

  "auth.sendResetLink": async (request, _reply, ctx) => {
    const email = request.body.email.toLowerCase();
    // Answer first and look the address up afterwards: known and unknown addresses take the same time, so the
    // answer (and its timing) cannot be used to find accounts.
    ctx.background(async () => {
      const row = await findUserByEmail(ctx.db, email);
      if (!row || !(await ctx.resetMailAllowed(request))) return;
      const token = randomBytes(32).toString("base64url");
      await storeResetToken(ctx.db, row.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_S * 1000));
      await ctx.sendMail({
        to: row.email,
        subject: "Reset your password",
        body: `Hello ${row.name || row.username},\n\nOpen this link within ${RESET_TOKEN_TTL_S / 60} minutes to choose a new password:\n${linkOrigin(ctx.config)}/reset-password?token=${token}\n\nIf you did not ask for this, ignore this mail.`,
      });
    });
    return { success: true, message: MSG.resetLinkSent };
  },

  "auth.resetPassword": async (request, _reply, ctx) => {
    const { newPassword, token } = request.body;
    const passwordHash = await hashPassword(newPassword);
    const done = await consumeResetToken(ctx.db, ctx.sessions, sha256(token), passwordHash);
    if (!done) throw badRequest(MSG.resetTokenInvalid);
    await ctx.sessions.announceUser(done, true);
    return { success: true, message: MSG.passwordChanged };
  },

  "auth.confirmEmail": async (request, _reply, ctx) => {
    await confirmEmailChange(ctx.db, request.body.token, request.ip);
    return { success: true, message: MSG.emailConfirmed };
  },

  "auth.impersonate": async (request, _reply, ctx) => {
    const admin = callerOf(request);
    if (admin.impersonatedBy) throw forbidden();
    const target = await findUser(ctx.db, request.body.userId);
    if (!target || target.id === admin.id || target.role === "admin") throw notFound(MSG.userNotFound);
    if (target.status !== "active") throw forbidden(MSG.accountSuspended);
    const opened = await issueSession(ctx, target, { adminId: admin.id, adminSessionId: admin.sessionId });
    await recordImpersonation(ctx.db, {
      adminId: admin.id,
      targetId: target.id,
      sessionId: opened.sessionId,
      ip: request.ip,
    });
    return {
      success: true,
      message: "Impersonation started",
      data: { ...opened.data, impersonationMode: true, impersonatedBy: { _id: admin.id, username: admin.username } },
    };
  },
};
