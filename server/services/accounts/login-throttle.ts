import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginFailures } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { LoginDelayRule } from "../../config/login-delay";

/** How long after the last attempt the account takes its next one, given `failures` (SQL, ms), capped at maxDelayMs. */
const delayOf = (failures: SQL, rule: LoginDelayRule) =>
  sql`(case when ${failures} > ${rule.freeFailures}
        then least(${rule.maxDelayMs}::float8, ${rule.baseDelayMs}::float8 * power(2, least(${failures} - ${rule.freeFailures} - 1, 30)))
        else 0 end) * interval '1 millisecond'`;

export type LoginClaim = { checked: true } | { checked: false; retryAfterS: number };

/**
 * Whether this attempt on the account may have its password checked. Guessing slows down progressively: after the
 * free failures, the account takes one attempt per delay (1 s, 2 s, 4 s … at most maxDelayMs), and an attempt inside
 * that window is answered without a look at the password. The attempt is counted as a failure before it is checked
 * (a success clears the count), and the count and the window move in one conditional upsert: of many attempts at
 * once, one finds the window open and the others find it just closed, so concurrency buys no extra guesses. The
 * longest anyone waits is maxDelayMs, and a password reset clears the count, so nobody locks another person out
 * for long.
 */
export async function claimLoginAttempt(db: Db, userId: string, rule: LoginDelayRule): Promise<LoginClaim> {
  const stale = sql`f.last_failed_at < now() - ${rule.windowMs} * interval '1 millisecond'`;
  const claimed = await rowsOf<{ failures: number }>(
    db,
    sql`insert into login_failures as f (user_id, failures, last_failed_at) values (${userId}, 1, now())
        on conflict (user_id) do update set failures = case when ${stale} then 1 else f.failures + 1 end, last_failed_at = now()
        where ${stale} or f.last_failed_at + ${delayOf(sql`f.failures`, rule)} <= now()
        returning f.failures`,
  );
  if (claimed.length > 0) return { checked: true };
  const [open] = await rowsOf<{ ms: number | string | null }>(
    db,
    sql`select extract(epoch from (f.last_failed_at + ${delayOf(sql`f.failures`, rule)}) - now()) * 1000 as ms from login_failures f where f.user_id = ${userId}`,
  );
  const ms = Math.min(rule.maxDelayMs, Math.max(0, Number(open?.ms ?? 0)));
  return { checked: false, retryAfterS: Math.max(1, Math.ceil(ms / 1000)) };
}

/**
 * A checked attempt failed: the account's delay runs from now, not from when the attempt began (hashing takes a while).
 */
export async function recordLoginFailure(db: Db, userId: string): Promise<void> {
  await db
    .update(loginFailures)
    .set({ lastFailedAt: sql`now()` })
    .where(eq(loginFailures.userId, userId));
}

export async function clearLoginFailures(db: Db, userId: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.userId, userId));
}
