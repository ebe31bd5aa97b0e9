import { and, count, eq, sql } from "drizzle-orm";
import type { CallBody } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { channelIntegrations, rcsBots, smsAccounts, wabaSolutions, wabas } from "../../db/schema";

export type ChannelFlags = CallBody<"channels.updateIntegrations">;

const OFF = { whatsapp: false, rcs: false, sms: false, voice: false, email: false };

/** The account's connected WABAs, active RCS bots and active SMS accounts: what each flag really has behind it. */
async function connections(db: Db, userId: string) {
  const [[whatsapp], [rcs], [sms]] = await Promise.all([
    db.select({ n: count() }).from(wabas).where(eq(wabas.userId, userId)),
    db
      .select({ n: count() })
      .from(rcsBots)
      .where(and(eq(rcsBots.userId, userId), eq(rcsBots.status, "active"))),
    db
      .select({ n: count() })
      .from(smsAccounts)
      .where(and(eq(smsAccounts.userId, userId), eq(smsAccounts.isActive, true))),
  ]);
  return { whatsapp: whatsapp.n, rcs: rcs.n, sms: sms.n };
}

/** The account's flags (every channel off for one that never saved any) and what is connected behind them. */
export async function getIntegrations(db: Db, userId: string) {
  const [[row], connected] = await Promise.all([
    db.select().from(channelIntegrations).where(eq(channelIntegrations.userId, userId)),
    connections(db, userId),
  ]);
  if (!row) return { ...OFF, updatedAt: null, connected };
  const { whatsapp, rcs, sms, voice, email, updatedAt } = row;
  return { whatsapp, rcs, sms, voice, email, updatedAt: updatedAt.toISOString(), connected };
}

/** Saves the flags sent; the others keep their value (one upsert, so two tabs never lose each other's change). */
export async function updateIntegrations(db: Db, userId: string, flags: ChannelFlags) {
  await db
    .insert(channelIntegrations)
    .values({ ...OFF, ...flags, userId })
    .onConflictDoUpdate({ target: channelIntegrations.userId, set: { ...flags, updatedAt: sql`now()` } });
  return getIntegrations(db, userId);
}

export async function listSolutions(db: Db) {
  return db
    .select({ id: wabaSolutions.solutionId, name: wabaSolutions.name, provider: wabaSolutions.provider })
    .from(wabaSolutions)
    .orderBy(wabaSolutions.createdAt, wabaSolutions.solutionId);
}
