import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { effectiveModules } from "../../../contract/ability";
import { MSG } from "../../../contract/messages";
import { isModuleName } from "../../../contract/modules";
import { callerOf } from "../../auth/guard";
import type { Caller } from "../../auth/caller";
import type { Db } from "../../db/client";
import { modulePermissions, users } from "../../db/schema";
import { linkOrigin } from "../../config";
import { forbidden, notFound } from "../../http/errors";
import { assertEmailFree, requestEmailChange } from "../../services/email-change";
import { filterValue, pageWindow, totalPages } from "../../services/paging";
import { findUser, modulesByUser, reachableUser, selfOrReachable, toUserRecord, USER_RECORD_COLUMNS } from "../../services/users";
import { bodyOf, type Handlers } from "../context";
import type { CallQuery } from "../../../contract/calls";

/**
 * Which accounts a list shows: only accounts the caller reaches, the same rule every other call applies.
 * An admin sees every other account (or one account's children). A reseller or manager sees the accounts it
 * created; `userId=<one of them>` names an account in reach, but that account's own sub-accounts are not in the
 * caller's reach (every other call answers 404 for them), so the page is empty. An account out of reach is 404.
 */
async function scopeOf(db: Db, caller: Caller, parentFilter: string | undefined): Promise<SQL> {
  if (parentFilter && parentFilter !== caller.id) {
    if (caller.role !== "admin") {
      await reachableUser(db, caller, parentFilter);
      return and(eq(users.parentId, parentFilter), eq(users.parentId, caller.id)) as SQL;
    }
    if (!(await findUser(db, parentFilter))) throw notFound(MSG.userNotFound);
    return eq(users.parentId, parentFilter);
  }
  return caller.role === "admin" ? ne(users.id, caller.id) : eq(users.parentId, caller.id);
}

/** Columns the users list sorts by (`sort`, `order`); anything else keeps the default, newest first. */
const SORTABLE = { username: users.username, balance: users.balance, createdAt: users.createdAt } as const;

/** The list's order: a sortable column from the query (the schema names them), newest first otherwise. */
function orderOf({ sort, order }: CallQuery<"users.list">): SQL[] {
  if (!sort) return [desc(users.createdAt), asc(users.username)];
  const column = SORTABLE[sort];
  return [order === "desc" ? desc(column) : asc(column), asc(users.id)];
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export const userHandlers: Handlers = {
  "users.list": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const { query } = request;
    const { page, limit, offset } = pageWindow(query);
    const search = filterValue(query.search);
    const scope = await scopeOf(db, caller, filterValue(query.userId));
    const pattern = search ? `%${escapeLike(search)}%` : undefined;
    const where = pattern
      ? and(scope, or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.companyName, pattern)))
      : scope;
    // One round trip: the totals ride on every row (window functions) and the modules come from a subquery.
    const rows = await db
      .select({
        ...USER_RECORD_COLUMNS,
        modules: sql<string[]>`coalesce((select array_agg(${modulePermissions.moduleName}) from ${modulePermissions} where ${modulePermissions.userId} = ${users.id}), '{}')`,
        total: sql<number>`(count(*) over ())::int`,
        totalBalance: sql<string>`coalesce(sum(${users.balance}) over (), 0)`,
      })
      .from(users)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(limit)
      .offset(offset);
    // A page past the end has no row to carry the totals.
    const [totals] = rows.length
      ? [{ count: rows[0].total, balance: rows[0].totalBalance }]
      : await db.select({ count: sql<number>`count(*)::int`, balance: sql<string>`coalesce(sum(${users.balance}), 0)` }).from(users).where(where);
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
    const { userId, email, ...changes } = bodyOf<{ userId: string; email?: string; name?: string; companyName?: string; phone?: string; status?: string }>(request);
    const target = await reachableUser(db, caller, userId);
    // Checked before anything is written, so a refused change leaves the other fields untouched too.
    if (email) await assertEmailFree(db, email.toLowerCase(), userId);
    // A suspension ends every session of the account in the same transaction; reactivating does not revive them.
    const suspending = changes.status !== undefined && changes.status !== "active";
    const [row] = await db.transaction(async (tx) => {
      const updated = await tx.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
      if (suspending) await sessions.revokeUser(userId, tx);
      return updated;
    });
    if (changes.status !== undefined) await sessions.announceUser(userId, suspending);
    // The email is not set here: the new address must confirm it, or the changer could receive the reset mail.
    const pending = email
      ? await requestEmailChange(
          { db, sendMail: ctx.sendMail, origin: linkOrigin(ctx.config) },
          { target, newEmail: email, actor: { id: caller.impersonatedBy ?? caller.id, username: caller.username }, ip: request.ip },
        )
      : false;
    const modules = await modulesByUser(db, [row.id]);
    return { success: true, message: pending ? `User updated. ${MSG.emailChangePending}` : "User updated", data: toUserRecord(row, modules.get(row.id)) };
  },

  "users.permissions": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const target = await selfOrReachable(db, caller, filterValue(request.query.userId));
    const modules = target.id === caller.id
      ? effectiveModules({ role: caller.role, modules: caller.modules })
      : (await modulesByUser(db, [target.id])).get(target.id) ?? [];
    return { success: true, userId: target.id, modulePermissions: modules.map((moduleName) => ({ moduleName })) };
  },

  "users.grantPermission": async (request, _reply, { db, sessions }) => {
    const caller = callerOf(request);
    const { userId, moduleNames } = bodyOf<{ userId: string; moduleNames: string[] }>(request);
    await reachableUser(db, caller, userId);
    const held = effectiveModules({ role: caller.role, modules: caller.modules });
    const wanted = moduleNames.filter(isModuleName);
    if (wanted.some((m) => !held.includes(m))) throw forbidden(MSG.moduleNotHeld);
    await db.transaction(async (tx) => {
      await tx.delete(modulePermissions).where(eq(modulePermissions.userId, userId));
      if (wanted.length) {
        await tx.insert(modulePermissions).values(wanted.map((moduleName) => ({ userId, moduleName, grantedBy: caller.id, impersonatedBy: caller.impersonatedBy })));
      }
    });
    // Cached sessions of that account hold its old modules.
    await sessions.announceUser(userId, false);
    return { success: true, message: "Permissions updated", modulePermissions: wanted.map((moduleName) => ({ moduleName })) };
  },

  "permissions.modules": async (request) => {
    const caller = callerOf(request);
    const modules = effectiveModules({ role: caller.role, modules: caller.modules });
    return { success: true, modulePermissions: modules.map((moduleName) => ({ moduleName })) };
  },
};
