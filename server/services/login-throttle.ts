import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginFailures } from "../db/schema";

export interface LoginDelayRule {
  /** Failures within the window that cost nothing (typos). */
  freeFailures: number;
  /** Wait before checking the next attempt after the first failure past the free ones; doubles per failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

/**
 * How long the next login attempt on an account waits before its password is checked. Guessing slows down
 * progressively, but the right password is never refused, so nobody can lock another person out.
 */
export function loginDelayMs(failures: number, lastFailedAt: Date | null, rule: LoginDelayRule, now = Date.now()): number {
  if (!lastFailedAt || now - lastFailedAt.getTime() > rule.windowMs) return 0;
  const over = failures - rule.freeFailures;
  if (over <= 0) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(over - 1, 30));
}

/** Counts one failure for the account; a count whose last failure is outside the window starts again at 1. */
export async function recordLoginFailure(db: Db, userId: string, rule: LoginDelayRule): Promise<void> {
  const stale = sql`${loginFailures.lastFailedAt} < now() - ${rule.windowMs} * interval '1 millisecond'`;
  await db
    .insert(loginFailures)
    .values({ userId, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.userId,
      set: { failures: sql`case when ${stale} then 1 else ${loginFailures.failures} + 1 end`, lastFailedAt: sql`now()` },
    });
}

export async function clearLoginFailures(db: Db, userId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.userId, userId));
}
