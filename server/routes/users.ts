import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { effectiveModules } from "../../contract/ability";
import { MSG } from "../../contract/messages";
import { isModuleName } from "../../contract/modules";
import { callerOf } from "../auth/guard";
import type { Caller } from "../auth/caller";
import type { Db } from "../db/client";
import { modulePermissions, users } from "../db/schema";
import { conflict, forbidden, notFound } from "../http/errors";
import { pageParams, stringParam, totalPages } from "../services/query";
import { findUser, modulesByUser, reachableUser, selfOrReachable, toUserRecord } from "../services/users";
import { bodyOf, queryOf, type Handlers } from "./context";

/** Which accounts a list shows: an admin every other account (or one account's children), others their own. */
async function scopeOf(db: Db, caller: Caller, parentFilter: string | undefined): Promise<SQL> {
  if (parentFilter && parentFilter !== caller.id) {
    if (caller.role !== "admin") {
      await reachableUser(db, caller, parentFilter);
    } else if (!(await findUser(db, parentFilter))) {
      throw notFound(MSG.userNotFound);
    }
    return eq(users.parentId, parentFilter);
  }
  return caller.role === "admin" ? ne(users.id, caller.id) : eq(users.parentId, caller.id);
}

/** Columns the users list sorts by (`sort`, `order`); anything else keeps the default, newest first. */
const SORTABLE = { username: users.username, balance: users.balance, createdAt: users.createdAt } as const;

function orderOf(query: Record<string, unknown>): SQL[] {
  const field = stringParam(query, "sort");
  if (!field || !(field in SORTABLE)) return [desc(users.createdAt), asc(users.username)];
  const column = SORTABLE[field as keyof typeof SORTABLE];
  return [stringParam(query, "order") === "desc" ? desc(column) : asc(column), asc(users.id)];
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export const userHandlers: Handlers = {
  "users.list": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const query = queryOf(request);
    const { page, limit, offset } = pageParams(query);
    const search = stringParam(query, "search");
    const scope = await scopeOf(db, caller, stringParam(query, "userId"));
    const pattern = search ? `%${escapeLike(search)}%` : undefined;
    const where = pattern
      ? and(scope, or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.companyName, pattern)))
      : scope;
    const [totals] = await db
      .select({ count: sql<number>`count(*)::int`, balance: sql<string>`coalesce(sum(${users.balance}), 0)` })
      .from(users)
      .where(where);
    const rows = await db.select().from(users).where(where).orderBy(...orderOf(query)).limit(limit).offset(offset);
    const modules = await modulesByUser(db, rows.map((r) => r.id));
    return {
      success: true,
      userType: caller.role,
      count: totals.count,
      balance: Number(totals.balance),
      totalPages: totalPages(totals.count, limit),
      page,
      limit,
      users: rows.map((r) => toUserRecord(r, modules.get(r.id))),
    };
  },

  "users.update": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const { userId, ...changes } = bodyOf<{ userId: string; email?: string; name?: string; companyName?: string; phone?: string; status?: string }>(request);
    await reachableUser(db, caller, userId);
    if (changes.email) {
      changes.email = changes.email.toLowerCase();
      const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, changes.email), ne(users.id, userId)));
      if (taken) throw conflict(MSG.duplicateUser);
    }
    const [row] = await db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
    const modules = await modulesByUser(db, [row.id]);
    return { success: true, message: "User updated", data: toUserRecord(row, modules.get(row.id)) };
  },

  "users.permissions": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const target = await selfOrReachable(db, caller, stringParam(queryOf(request), "userId"));
    const modules = target.id === caller.id
      ? effectiveModules({ role: caller.role, modules: caller.modules })
      : (await modulesByUser(db, [target.id])).get(target.id) ?? [];
    return { success: true, userId: target.id, modulePermissions: modules.map((moduleName) => ({ moduleName })) };
  },

  "users.grantPermission": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const { userId, moduleNames } = bodyOf<{ userId: string; moduleNames: string[] }>(request);
    await reachableUser(db, caller, userId);
    const held = effectiveModules({ role: caller.role, modules: caller.modules });
    const wanted = moduleNames.filter(isModuleName);
    if (wanted.some((m) => !held.includes(m))) throw forbidden(MSG.moduleNotHeld);
    await db.transaction(async (tx) => {
      await tx.delete(modulePermissions).where(eq(modulePermissions.userId, userId));
      if (wanted.length) await tx.insert(modulePermissions).values(wanted.map((moduleName) => ({ userId, moduleName, grantedBy: caller.id })));
    });
    return { success: true, message: "Permissions updated", modulePermissions: wanted.map((moduleName) => ({ moduleName })) };
  },

  "permissions.modules": async (request) => {
    const caller = callerOf(request);
    const modules = effectiveModules({ role: caller.role, modules: caller.modules });
    return { success: true, modulePermissions: modules.map((moduleName) => ({ moduleName })) };
  },
};
