import { effectiveModules } from "../../../contract/ability";
import { MSG } from "../../../contract/messages";
import { isModuleName } from "../../../contract/modules";
import { callerOf } from "../../auth/guard";
import { linkOrigin } from "../../config";
import { forbidden } from "../../http/errors";
import { assertEmailFree, requestEmailChange } from "../../services/accounts/email-change";
import { filterValue, pageWindow, totalPages } from "../../services/paging";
import { replaceModules, updateAccount } from "../../services/accounts/user-changes";
import { listUsers } from "../../services/accounts/user-list";
import { modulesByUser, reachableUser, selfOrReachable, toUserRecord } from "../../services/accounts/users";
import type { Handlers } from "../context";

export const userHandlers: Handlers = {
  "users.list": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const { query } = request;
    const { page, limit, offset } = pageWindow(query);
    const { rows, totals } = await listUsers(db, caller, query, {
      search: filterValue(query.search),
      parentId: filterValue(query.userId),
      limit,
      offset,
    });
    return {
      success: true,
      userType: caller.role,
      count: totals.count,
      balance: Number(totals.balance),
      totalPages: totalPages(totals.count, limit),
      page,
      limit,
      users: rows.map(({ modules, total: _total, totalBalance: _totalBalance, ...r }) => toUserRecord(r, modules)),
    };
  },

  "users.update": async (request, _reply, ctx) => {
    const { db, sessions } = ctx;
    const caller = callerOf(request);
    const { userId, email, ...changes } = request.body;
    const target = await reachableUser(db, caller, userId);
    // Checked before anything is written, so a refused change leaves the other fields untouched too.
    if (email) await assertEmailFree(db, email.toLowerCase(), userId);
    // A suspension ends every session of the account in the same transaction; reactivating does not revive them.
    const suspending = changes.status !== undefined && changes.status !== "active";
    const row = await updateAccount(db, sessions, userId, changes, suspending);
    if (changes.status !== undefined) await sessions.announceUser(userId, suspending);
    // The email is not set here: the new address must confirm it, or the changer could receive the reset mail.
    const pending = email
      ? await requestEmailChange(
          { db, sendMail: ctx.sendMail, origin: linkOrigin(ctx.config) },
          {
            target,
            newEmail: email,
            actor: { id: caller.impersonatedBy ?? caller.id, username: caller.username },
            ip: request.ip,
          },
        )
      : false;
    const modules = await modulesByUser(db, [row.id]);
    return {
      success: true,
      message: pending ? `User updated. ${MSG.emailChangePending}` : "User updated",
      data: toUserRecord(row, modules.get(row.id)),
    };
  },

  "users.permissions": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const target = await selfOrReachable(db, caller, filterValue(request.query.userId));
    const modules =
      target.id === caller.id
        ? effectiveModules({ role: caller.role, modules: caller.modules })
        : ((await modulesByUser(db, [target.id])).get(target.id) ?? []);
    return { success: true, userId: target.id, modulePermissions: modules.map((moduleName) => ({ moduleName })) };
  },

  "users.grantPermission": async (request, _reply, { db, sessions }) => {
    const caller = callerOf(request);
    const { userId, moduleNames } = request.body;
    await reachableUser(db, caller, userId);
    const held = effectiveModules({ role: caller.role, modules: caller.modules });
    const wanted = moduleNames.filter(isModuleName);
    if (wanted.some((m) => !held.includes(m))) throw forbidden(MSG.moduleNotHeld);
    await replaceModules(db, userId, wanted, { grantedBy: caller.id, impersonatedBy: caller.impersonatedBy });
    // Cached sessions of that account hold its old modules.
    await sessions.announceUser(userId, false);
    return {
      success: true,
      message: "Permissions updated",
      modulePermissions: wanted.map((moduleName) => ({ moduleName })),
    };
  },

  "permissions.modules": async (request) => {
    const caller = callerOf(request);
    const modules = effectiveModules({ role: caller.role, modules: caller.modules });
    return { success: true, modulePermissions: modules.map((moduleName) => ({ moduleName })) };
  },
};
