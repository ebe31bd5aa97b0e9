import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginFailures, passwordResets, users } from "../../db/schema";
import type { SessionStore } from "./sessions";

/** Keeps a hash of a mailed reset token (never the token: a database leak must not leak usable links). */
export async function storeResetToken(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/**
 * Uses a reset token: sets the new password, spends every open link of the account, revokes its sessions and clears
 * its failed logins, in one transaction. Answers the account's id, or null when the token is unknown, used or expired.
 */
export async function consumeResetToken(
  db: Db,
  sessions: SessionStore,
  tokenHash: string,
  passwordHash: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // Marking the token used is the conditional write: of two requests with one token, only one gets a row.
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    // Every other link mailed to this account dies with this one: an older mail must not reopen the account.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, reset.userId));
    await sessions.revokeUser(reset.userId, tx);
    // The owner signs in with the new password at once, whatever guessing slowed the account down.
    await tx.delete(loginFailures).where(eq(loginFailures.userId, reset.userId));
    return reset.userId;
  });
}
