import { eq, sql } from "drizzle-orm";
import type { CallBody } from "../../contract/calls";
import type { Db } from "../db/client";
import { channelIntegrations, wabaSolutions } from "../db/schema";

export type ChannelFlags = CallBody<"channels.updateIntegrations">;

const OFF = { whatsapp: false, rcs: false, sms: false, voice: false, email: false };

/** The account's flags; an account that never saved any has every channel off. */
export async function getIntegrations(db: Db, userId: string) {
  const [row] = await db.select().from(channelIntegrations).where(eq(channelIntegrations.userId, userId));
  if (!row) return { ...OFF, updatedAt: null };
  const { whatsapp, rcs, sms, voice, email, updatedAt } = row;
  return { whatsapp, rcs, sms, voice, email, updatedAt: updatedAt.toISOString() };
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
