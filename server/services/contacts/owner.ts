import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { Caller } from "../caller";

/**
 * Whose contacts a caller works on: the account that holds the campaigns. A manager's users and department heads
 * work on their manager's (as with templates, the organization's); anyone else on its own. Contacts of any other
 * account answer like missing ones.
 */
export async function contactsOwner(db: Db, caller: Pick<Caller, "id" | "role" | "parentId">): Promise<string> {
  if ((caller.role !== "user" && caller.role !== "department_head") || !caller.parentId) return caller.id;
  const [parent] = await db.select({ role: users.role }).from(users).where(eq(users.id, caller.parentId));
  return parent?.role === "manager" ? caller.parentId : caller.id;
}

/** The same rule in SQL, for set-based writes: the contacts owner of the account whose id `userId` is. */
export const contactsOwnerSql = (userId: SQL): SQL =>
  sql`coalesce((select p.id from users u join users p on p.id = u.parent_id
    where u.id = ${userId} and u.role in ('user', 'department_head') and p.role = 'manager'), ${userId})`;

/** The same rule for an API key's account (the public API knows the account's id, not a session). */
export async function contactsOwnerOfAccount(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ role: users.role, parentId: users.parentId }).from(users).where(eq(users.id, userId));
  if (!row || (row.role !== "user" && row.role !== "department_head") || !row.parentId) return userId;
  const [parent] = await db.select({ role: users.role }).from(users).where(eq(users.id, row.parentId));
  return parent?.role === "manager" ? row.parentId : userId;
}
