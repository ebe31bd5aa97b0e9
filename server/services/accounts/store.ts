import { eq, or } from "drizzle-orm";
import type { ModuleName } from "../../../contract/modules";
import type { Role } from "../../../contract/roles";
import type { Db } from "../../db/client";
import { impersonationAudit, modulePermissions, users } from "../../db/schema";
import { toUserRecord, type UserRow } from "./users";

/** Whether an account already uses the username or the email (both lower-cased by the caller). */
export async function accountExists(db: Db, username: string, email: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.username, username), eq(users.email, email)));
  return Boolean(existing);
}

export interface AccountInsert {
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  parentId: string | null;
  name: string;
  companyName: string;
  phone: string;
}

/** Inserts an account and its module permissions in one transaction; a duplicate trips the unique index. */
export async function insertAccount(db: Db, account: AccountInsert, modules: readonly ModuleName[]) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(account).returning();
    if (modules.length)
      await tx
        .insert(modulePermissions)
        .values(modules.map((moduleName) => ({ userId: row.id, moduleName, grantedBy: account.parentId })));
    return toUserRecord(row, [...modules]);
  });
}

/** The account signing in by username or email. */
export async function findLoginAccount(db: Db, account: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, account), eq(users.username, account)));
  return row;
}

export async function markFirstLoginDone(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ isFirstLogin: false }).where(eq(users.id, userId));
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export async function recordImpersonation(
  db: Db,
  entry: { adminId: string; targetId: string; sessionId: string; ip: string },
): Promise<void> {
  await db.insert(impersonationAudit).values(entry);
}
