// The SMPP adapters' unanswered submits in the database (smpp_unanswered, smpp_answered), so a receipt that comes
// after a restart, or to another server process's bind of the same SMSC account, still settles its recipient. The
// rules of what a receipt may settle are server/carriers/smpp/unanswered.ts's; this file only keeps the rows. Times
// are the database's (processes' clocks may differ): a row is live for UNANSWERED_FOR_MS after it was written, and a
// channel keeps UNANSWERED_MOST of each table at most, oldest dropped first, when one is added.
import type { FastifyBaseLogger } from "fastify";
import { and, eq, gt, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { UNANSWERED_FOR_MS, UNANSWERED_MOST, type UnansweredStore } from "../../carriers/smpp/unanswered";
import type { Db } from "../../db/client";
import { smppAnswered, smppUnanswered } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/sql";

const since = sql`now() - make_interval(secs => ${UNANSWERED_FOR_MS / 1000})`;

export function smppUnansweredStore(
  db: Db,
  log: FastifyBaseLogger,
  bounds = { most: UNANSWERED_MOST },
): UnansweredStore {
  async function logged<T>(what: string, channelId: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      log.error({ err, channelId }, `SMPP unanswered submits: could not ${what}`);
      throw err;
    }
  }

  /** Drops the channel's expired rows of a table and those beyond the newest `most`. */
  async function bound(
    channel: PgColumn,
    created: PgColumn,
    channelId: string,
    table: typeof smppUnanswered | typeof smppAnswered,
    key: SQL,
  ): Promise<void> {
    await db
      .delete(table)
      .where(
        and(
          eq(channel, channelId),
          or(
            lt(created, since),
            sql`${key} in (select ${key} from ${table} where ${channel} = ${channelId} order by ${created} desc offset ${bounds.most})`,
          ),
        ),
      );
  }
  const boundUnanswered = (channelId: string) =>
    bound(smppUnanswered.channelId, smppUnanswered.createdAt, channelId, smppUnanswered, sql`${smppUnanswered.id}`);
  const boundAnswered = (channelId: string) =>
    bound(smppAnswered.channelId, smppAnswered.createdAt, channelId, smppAnswered, sql`${smppAnswered.smscId}`);

  return {
    add: (channelId, e) =>
      logged("keep one", channelId, async () => {
        await db.insert(smppUnanswered).values({
          channelId,
          messageId: e.messageId,
          handset: e.to,
          header: e.from,
          text: e.text,
          parts: e.parts,
          firstSmscId: e.firstSmscId ?? null,
          reason: e.reason ?? null,
        });
        await boundUnanswered(channelId);
      }),
    candidates: (channelId, smscId, handset) =>
      logged("read them", channelId, async () => {
        const rows = await db
          .select()
          .from(smppUnanswered)
          .where(
            and(
              eq(smppUnanswered.channelId, channelId),
              gt(smppUnanswered.createdAt, since),
              or(
                eq(smppUnanswered.firstSmscId, smscId),
                and(isNull(smppUnanswered.firstSmscId), eq(smppUnanswered.handset, handset)),
              ),
            ),
          );
        const [mark] = await db
          .select({ id: smppAnswered.smscId })
          .from(smppAnswered)
          .where(
            and(
              eq(smppAnswered.channelId, channelId),
              eq(smppAnswered.smscId, smscId),
              gt(smppAnswered.createdAt, since),
            ),
          );
        return {
          entries: rows.map((r) => ({
            key: r.id,
            messageId: r.messageId,
            to: r.handset,
            from: r.header,
            text: r.text,
            parts: r.parts,
            ...(r.firstSmscId ? { firstSmscId: r.firstSmscId } : {}),
            ...(r.reason ? { reason: r.reason } : {}),
          })),
          answered: mark !== undefined,
        };
      }),
    // The delete decides between processes: one of two taking the same row gets it back.
    take: (channelId, key) =>
      logged("take one", channelId, async () => {
        const taken = await db
          .delete(smppUnanswered)
          .where(
            and(
              eq(smppUnanswered.channelId, channelId),
              eq(smppUnanswered.id, key),
              gt(smppUnanswered.createdAt, since),
            ),
          )
          .returning({ id: smppUnanswered.id });
        return taken.length === 1;
      }),
    answered: (channelId, marks) =>
      logged("remember answered ids", channelId, async () => {
        const written = await rowsOf<{ smsc_id: string }>(
          db,
          sql`insert into smpp_answered (channel_id, smsc_id)
              select ${channelId}::uuid, m.id from unnest(${pgArray(marks.map((m) => m.smscId))}::text[], ${pgArray(marks.map((m) => m.to))}::text[], ${pgArray(marks.map((m) => m.from))}::text[]) as m(id, handset, header)
              where exists (select 1 from smpp_unanswered u where u.channel_id = ${channelId}::uuid and u.first_smsc_id is null
                and u.handset = m.handset and u.header = m.header and u.created_at > ${since})
              on conflict do nothing returning smsc_id`,
        );
        if (written.length) await boundAnswered(channelId);
      }),
    prune: (channelId) =>
      logged("drop the expired", channelId, async () => {
        await db
          .delete(smppUnanswered)
          .where(and(eq(smppUnanswered.channelId, channelId), lt(smppUnanswered.createdAt, since)));
        await db
          .delete(smppAnswered)
          .where(and(eq(smppAnswered.channelId, channelId), lt(smppAnswered.createdAt, since)));
      }),
  };
}
