import { and, asc, desc, eq, gt, ilike, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { CallQuery } from "../../../contract/calls";
import { MSG } from "../../../contract/messages";
import { markHot, type Db } from "../../db/client";
import { modulePermissions, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { Caller } from "../caller";
import { findUser, reachableUser, USER_RECORD_COLUMNS } from "./users";

/**
 * Which accounts a list shows: only accounts the caller reaches, the same rule every other call applies.
 * An admin sees every other account (or one account's children). A reseller or manager sees the accounts it
 * created; `userId=<one of them>` names an account in reach, but that account's own sub-accounts are not in the
 * caller's reach (every other call answers 404 for them), so the page is empty. An account out of reach is 404.
 */
async function scopeOf(db: Db, caller: Caller, parentFilter: string | undefined): Promise<Scope> {
  if (parentFilter && parentFilter !== caller.id) {
    if (caller.role !== "admin") {
      await reachableUser(db, caller, parentFilter);
      return { kind: "childOfBoth", ids: { scopeId: parentFilter, callerId: caller.id } };
    }
    if (!(await findUser(db, parentFilter))) throw notFound(MSG.userNotFound);
    return { kind: "childOf", ids: { scopeId: parentFilter } };
  }
  return caller.role === "admin"
    ? { kind: "allButSelf", ids: { scopeId: caller.id } }
    : { kind: "childOf", ids: { scopeId: caller.id } };
}

/** A scope's shape (which becomes part of the prepared statement) and the ids that fill its placeholders. */
interface Scope {
  kind: "allButSelf" | "childOf" | "childOfBoth";
  ids: { scopeId: string; callerId?: string };
}

const SCOPE_WHERE: Record<Scope["kind"], () => SQL> = {
  allButSelf: () => ne(users.id, sql.placeholder("scopeId")),
  childOf: () => eq(users.parentId, sql.placeholder("scopeId")),
  childOfBoth: () =>
    and(eq(users.parentId, sql.placeholder("scopeId")), eq(users.parentId, sql.placeholder("callerId"))) as SQL,
};

/** Columns the users list sorts by (`sort`, `order`); anything else keeps the default, newest first. */
const SORTABLE = { username: users.username, balance: users.balance, createdAt: users.createdAt } as const;

/** The list's order: a sortable column from the query (the schema names them), newest first otherwise. */
function orderOf({ sort, order }: Pick<CallQuery<"users.list">, "sort" | "order">): SQL[] {
  if (!sort) return [desc(users.createdAt), asc(users.username)];
  const column = SORTABLE[sort];
  return [order === "desc" ? desc(column) : asc(column), asc(users.id)];
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What fixes the users list's SQL text; the ids, search pattern and page fill its placeholders. */
interface ListShape {
  scope: Scope["kind"];
  sort: CallQuery<"users.list">["sort"];
  order: CallQuery<"users.list">["order"];
  search: boolean;
}

function listWhere(shape: ListShape): SQL {
  const scope = SCOPE_WHERE[shape.scope]();
  if (!shape.search) return scope;
  const pattern = sql.placeholder("pattern");
  return and(
    scope,
    or(
      ilike(users.username, pattern),
      ilike(users.email, pattern),
      ilike(users.name, pattern),
      ilike(users.companyName, pattern),
    ),
  ) as SQL;
}

/**
 * One round trip, planned once per connection. The page is chosen by row number instead of LIMIT/OFFSET: with
 * LIMIT $n PostgreSQL's generic plan guesses a tenth of the rows and never looks cheaper than a custom one, so every
 * page was planned again (0.25 ms of the database's CPU, more than running it). A row-number range costs the same
 * either way, so the statement's plan is cached. The totals ride on every row (window functions over the whole
 * scope, which the numbering reads anyway), and so do the record's columns: joining the page's rows back to users for
 * them read the table a second time (a fifth of the statement's time on PGlite). Only the page's rows get modules.
 */
const NUMBERED = "numbered";
const prepareList = (db: Db, shape: ListShape, name: string) => {
  const numbered = db
    .select({
      ...USER_RECORD_COLUMNS,
      total: sql<number>`(count(*) over ())::int`.as("total"),
      totalBalance: sql<string>`coalesce(sum(${users.balance}) over (), 0)`.as("total_balance"),
      position: sql<number>`row_number() over (order by ${sql.join(orderOf(shape), sql`, `)})`.as("position"),
    })
    .from(users)
    .where(listWhere(shape))
    .as(NUMBERED);
  const offset = sql.placeholder("offset");
  // The record's columns as the subquery's (numbered."username", …), each mapped from the driver as its users column.
  const record = Object.fromEntries(
    Object.keys(USER_RECORD_COLUMNS).map((key) => [key, numbered[key as keyof typeof USER_RECORD_COLUMNS]]),
  ) as {
    [K in keyof typeof USER_RECORD_COLUMNS]: (typeof numbered)[K];
  };
  return markHot(
    db,
    db
      .select({
        ...record,
        // The page row's id named with its subquery: drizzle leaves a lone FROM's columns unqualified, and inside this
        // subselect a bare "id" would be module_permissions' own if it ever had one.
        modules: sql<
          string[]
        >`coalesce((select array_agg(${modulePermissions.moduleName}) from ${modulePermissions} where ${modulePermissions.userId} = ${sql.identifier(NUMBERED)}.${sql.identifier("id")}), '{}')`,
        total: numbered.total,
        totalBalance: numbered.totalBalance,
      })
      .from(numbered)
      .where(
        and(
          gt(numbered.position, offset),
          lte(numbered.position, sql`${offset}::int + ${sql.placeholder("limit")}::int`),
        ),
      )
      .orderBy(numbered.position)
      .prepare(name),
  );
};

/**
 * The list's statements, built once per database and shape (a few dozen at most: scope x sort x order x search),
 * so a page costs no query building and, on PostgreSQL, no parsing or planning after a connection's first use.
 */
const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();
function listQuery(db: Db, shape: ListShape) {
  let byShape = listQueries.get(db);
  if (!byShape) listQueries.set(db, (byShape = new Map()));
  const key = `${shape.scope}_${shape.sort ?? "default"}_${shape.sort ? (shape.order === "desc" ? "desc" : "asc") : "default"}_${shape.search ? "search" : "all"}`;
  let query = byShape.get(key);
  if (!query) byShape.set(key, (query = prepareList(db, shape, `users_list_${key}`)));
  return query;
}

export interface UserListFilter {
  search: string | undefined;
  /** The parent whose accounts are listed (`userId` of the call). */
  parentId: string | undefined;
  limit: number;
  offset: number;
}

/** One page of the accounts in the caller's reach, with the modules of each and the totals of the whole list. */
export async function listUsers(
  db: Db,
  caller: Caller,
  query: CallQuery<"users.list">,
  { search, parentId, limit, offset }: UserListFilter,
) {
  const scope = await scopeOf(db, caller, parentId);
  const shape: ListShape = { scope: scope.kind, sort: query.sort, order: query.order, search: Boolean(search) };
  const values = { ...scope.ids, limit, offset, ...(search ? { pattern: `%${escapeLike(search)}%` } : {}) };
  const rows = await listQuery(db, shape).execute(values);
  // A page past the end has no row to carry the totals.
  const [totals] = rows.length
    ? [{ count: rows[0].total, balance: rows[0].totalBalance }]
    : await db
        .select({ count: sql<number>`count(*)::int`, balance: sql<string>`coalesce(sum(${users.balance}), 0)` })
        .from(users)
        .where(listWhere(shape))
        .execute(values);
  return { rows, totals };
}
