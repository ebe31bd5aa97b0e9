import { eq } from "drizzle-orm";
import type { ModuleName } from "../../../contract/modules";
import type { Db } from "../../db/client";
import { modulePermissions, users } from "../../db/schema";
import type { SessionStore } from "./sessions";
import type { UserRow } from "./users";

export type UserChanges = Partial<typeof users.$inferInsert>;

/** Writes the changes (and updatedAt) to one account and returns the saved row. */
export async function updateUser(db: Db, userId: string, changes: UserChanges): Promise<UserRow> {
  const [saved] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return saved;
}

/** A parent's change; a suspension ends every session of the account in the same transaction. */
export async function updateAccount(
  db: Db,
  sessions: SessionStore,
  userId: string,
  changes: UserChanges,
  suspending: boolean,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const updated = await updateUser(tx, userId, changes);
    if (suspending) await sessions.revokeUser(userId, tx);
    return updated;
  });
}

/** Replaces the account's module grants with `modules`, recording who granted them. */
export async function replaceModules(
  db: Db,
  userId: string,
  modules: ModuleName[],
  by: { grantedBy: string; impersonatedBy: string | null | undefined },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(modulePermissions).where(eq(modulePermissions.userId, userId));
    if (modules.length) {
      await tx.insert(modulePermissions).values(
        modules.map((moduleName) => ({
          userId,
          moduleName,
          grantedBy: by.grantedBy,
          impersonatedBy: by.impersonatedBy,
        })),
      );
    }
  });
}
