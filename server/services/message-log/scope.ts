// Whose log a caller reads: a user or manager its own account; an admin any account it names; a reseller only the
// accounts it created (its customers). Another account answers exactly like a missing one.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";

export const ACCOUNT_NOT_FOUND = "Account not found";

export async function logAccountOf(db: Db, caller: Pick<Caller, "id" | "role">, accountId: string): Promise<string> {
  if (!isUuid(accountId)) throw notFound(ACCOUNT_NOT_FOUND);
  if (caller.role !== "admin" && caller.role !== "reseller") throw notFound(ACCOUNT_NOT_FOUND);
  const reach = caller.role === "reseller" ? eq(users.parentId, caller.id) : undefined;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, accountId), reach));
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return row.id;
}

/**
 * The scope of a caller's own log, laid over its filters: a department head reads the campaigns it created, whether
 * its own account or its organization (the manager above it) owns them; anyone else its own account's messages.
 */
export function ownLogScope<F extends object>(caller: Pick<Caller, "id" | "role" | "parentId">, filters: F): F {
  if (caller.role !== "department_head") return filters;
  return { ...filters, createdBy: caller.id, owners: [caller.id, ...(caller.parentId ? [caller.parentId] : [])] };
}

/** The same scope for an account named by id (the export job reads the account its row names). */
export async function ownLogScopeOf<F extends object>(db: Db, accountId: string, filters: F): Promise<F> {
  const [row] = await db
    .select({ id: users.id, role: users.role, parentId: users.parentId })
    .from(users)
    .where(eq(users.id, accountId));
  return row ? ownLogScope({ id: row.id, role: row.role as Caller["role"], parentId: row.parentId }, filters) : filters;
}
