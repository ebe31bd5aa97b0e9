import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { CallQuery } from "../../contract/calls";
import { MSG } from "../../contract/messages";
import type { Db } from "../db/client";
import { modulePermissions, users } from "../db/schema";
import { notFound } from "../http/errors";
import type { Caller } from "./caller";
import { findUser, reachableUser, USER_RECORD_COLUMNS } from "./users";

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

export interface UserListFilter {
  search: string | undefined;
  /** The parent whose accounts are listed (`userId` of the call). */
  parentId: string | undefined;
  limit: number;
  offset: number;
}

/** One page of the accounts in the caller's reach, with the modules of each and the totals of the whole list. */
export async function listUsers(db: Db, caller: Caller, query: CallQuery<"users.list">, { search, parentId, limit, offset }: UserListFilter) {
  const scope = await scopeOf(db, caller, parentId);
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
  return { rows, totals };
}
