import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { EMAIL_CHANGE_TTL_S } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import { isUniqueViolation, type Db } from "../../db/client";
import { accountAudit, emailChanges, passwordResets, users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import type { SendMail } from "./mailer";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export interface EmailChangeRequest {
  target: { id: string; email: string; username: string; name: string };
  newEmail: string;
  actor: { id: string; username: string };
  ip: string;
}

export interface EmailChangeDeps {
  db: Db;
  sendMail: SendMail;
  /** Origin of the confirmation link (configuration, never a request header). */
  origin: string;
}

/** Refuses an address another account holds, before anything is written. */
export async function assertEmailFree(db: Db, email: string, ownerId: string): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, ownerId)));
  if (taken) throw conflict(MSG.duplicateUser);
}

/**
 * Starts an email change: the account keeps its current address (and so its reset mail) until the new address
 * confirms with the mailed single-use token. The old address is told, and the audit names who asked.
 * Returns false when the address is unchanged.
 */
export async function requestEmailChange(deps: EmailChangeDeps, change: EmailChangeRequest): Promise<boolean> {
  const newEmail = change.newEmail.toLowerCase();
  if (newEmail === change.target.email) return false;
  await assertEmailFree(deps.db, newEmail, change.target.id);
  const token = randomBytes(32).toString("base64url");
  await deps.db.transaction(async (tx) => {
    // Only the latest request counts: an older link must not confirm an address the account moved away from.
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, change.target.id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      userId: change.target.id,
      newEmail,
      tokenHash: sha256(token),
      requestedBy: change.actor.id,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_S * 1000),
    });
    await tx.insert(accountAudit).values({
      actorId: change.actor.id,
      targetId: change.target.id,
      action: "email_change_requested",
      oldValue: change.target.email,
      newValue: newEmail,
      ip: change.ip,
    });
  });
  const greeting = `Hello ${change.target.name || change.target.username},`;
  const by = change.actor.id === change.target.id ? "you" : `"${change.actor.username}"`;
  await deps.sendMail({
    to: newEmail,
    subject: "Confirm your new email address",
    body: `${greeting}\n\nOpen this link within ${EMAIL_CHANGE_TTL_S / 3600} hours to make ${newEmail} the email address of the account "${change.target.username}":\n${deps.origin}/confirm-email?token=${token}\n\nIf you did not expect this, ignore this mail; nothing changes.`,
  });
  await deps.sendMail({
    to: change.target.email,
    subject: "Your email address is being changed",
    body: `${greeting}\n\nA change of the email address of your account "${change.target.username}" to ${newEmail} was requested by ${by}. It takes effect only when confirmed from the new address; until then, mail (including password resets) keeps coming here.\n\nIf you did not expect this, contact your account manager.`,
  });
  return true;
}

/** Confirms a pending change by its token; an unknown, used or expired token changes nothing. */
export async function confirmEmailChange(db: Db, token: string, ip: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [change] = await tx
        .update(emailChanges)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailChanges.tokenHash, sha256(token)),
            isNull(emailChanges.usedAt),
            gt(emailChanges.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!change) throw badRequest(MSG.emailTokenInvalid);
      const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, change.userId));
      await tx.update(users).set({ email: change.newEmail, updatedAt: new Date() }).where(eq(users.id, change.userId));
      // Reset links went to the old address; they must not outlive the move.
      await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, change.userId), isNull(passwordResets.usedAt)));
      await tx.insert(accountAudit).values({
        actorId: change.requestedBy,
        targetId: change.userId,
        action: "email_changed",
        oldValue: before?.email ?? "",
        newValue: change.newEmail,
        ip,
      });
    });
  } catch (error) {
    // The address was taken by another account since the request: nothing is written, the link stays usable.
    if (isUniqueViolation(error)) throw conflict(MSG.duplicateUser);
    throw error;
  }
}
