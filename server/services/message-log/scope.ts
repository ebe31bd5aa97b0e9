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
