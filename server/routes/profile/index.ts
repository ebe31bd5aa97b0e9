import { isTimeZone } from "../../../contract/domain/time-zone";
import { MSG } from "../../../contract/messages";
import { callerOf } from "../../auth/guard";
import { hashPassword, verifyPassword } from "../../services/accounts/passwords";
import { linkOrigin } from "../../config";
import { badRequest, notFound } from "../../http/errors";
import { assertEmailFree, requestEmailChange } from "../../services/accounts/email-change";
import { updateUser, type UserChanges } from "../../services/accounts/user-changes";
import { findUser, modulesByUser, toUserRecord } from "../../services/accounts/users";
import type { Handlers } from "../context";

export const profileHandlers: Handlers = {
  "profile.get": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const row = await findUser(db, caller.id);
    if (!row) throw notFound(MSG.userNotFound);
    const modules = await modulesByUser(db, [row.id]);
    return { success: true, data: toUserRecord(row, modules.get(row.id)) };
  },

  "profile.update": async (request, _reply, ctx) => {
    const { db } = ctx;
    const caller = callerOf(request);
    const { currentPassword, newPassword, email, ...changes } = request.body;
    const row = await findUser(db, caller.id);
    if (!row) throw notFound(MSG.userNotFound);
    if (changes.timeZone !== undefined && !isTimeZone(changes.timeZone)) {
      throw badRequest(`timeZone: "${changes.timeZone}" is not a time zone`, [
        { field: "timeZone", message: "is not a known time zone (e.g. Asia/Kolkata)" },
      ]);
    }
    const update: UserChanges = { ...changes, updatedAt: new Date() };
    if (email) await assertEmailFree(db, email.toLowerCase(), row.id);
    if (newPassword) {
      if (!currentPassword || !(await verifyPassword(currentPassword, row.passwordHash))) {
        throw badRequest("currentPassword: is incorrect", [{ field: "currentPassword", message: "is incorrect" }]);
      }
      update.passwordHash = await hashPassword(newPassword);
    }
    // A new password ends every other session of the account (a stolen token stops working with the old password),
    // in the transaction that sets it; the session that changed it stays.
    const { saved, revoked } = await db.transaction(async (tx) => ({
      saved: await updateUser(tx, row.id, update),
      revoked: newPassword ? await ctx.sessions.revokeOthers(row.id, caller.sessionId, tx) : [],
    }));
    await ctx.sessions.announceSessions(revoked);
    // A person's own new address is confirmed the same way as one set by a parent.
    const pending = email
      ? await requestEmailChange(
          { db, sendMail: ctx.sendMail, origin: linkOrigin(ctx.config) },
          {
            target: row,
            newEmail: email,
            actor: { id: caller.impersonatedBy ?? caller.id, username: caller.username },
            ip: request.ip,
          },
        )
      : false;
    const modules = await modulesByUser(db, [saved.id]);
    return {
      success: true,
      message: pending ? `Profile updated. ${MSG.emailChangePending}` : "Profile updated",
      data: toUserRecord(saved, modules.get(saved.id)),
    };
  },
};
