// Receipts that name a public-API message by the provider's id only (SMPP's deliver_sm, an HTTP provider's delivery
// report: neither echoes an id of ours). The id is written with the send's outcome, which the dispatcher writes after
// its whole batch has been sent: a receipt can arrive first (an SMSC sends it as soon as the handset answers), or on
// another process's bind. Such a receipt waits and is looked up again, later each time, a bounded number of times.
import { sql } from "drizzle-orm";
import { hot, type Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";

/** The first look again comes this long after the first miss, each next one twice as late. */
export interface UnmatchedRetry {
  firstMs: number;
  tries: number;
}

/** About two minutes in all (250 ms doubling 9 times), as long as the campaigns wait for theirs. */
export const UNMATCHED_RETRY: UnmatchedRetry = { firstMs: 250, tries: 9 };

/** The message and step each provider id was answered for (the current step's id: a fallback clears it). */
export async function messagesOfProviderIds(
  db: Db,
  providerIds: readonly string[],
): Promise<Map<string, { id: string; step: number }>> {
  const rows = await rowsOf<{ id: string; step: number; pmid: string }>(
    db,
    // Every receipt without an id of ours (SMS providers', RBM's) is asked about: planned once.
    hot(
      sql`select id::text as id, step, provider_message_id as pmid from api_messages where provider_message_id = any(${pgArray([...new Set(providerIds)])}::text[])`,
    ),
  );
  return new Map(rows.map((r) => [r.pmid, { id: r.id, step: r.step }]));
}

/**
 * Provider ids a campaign recipient or a chat message was answered: their receipts are not the public API's, and
 * waiting for them would only repeat the lookup.
 */
export async function answeredElsewhere(db: Db, providerIds: readonly string[]): Promise<Set<string>> {
  const rows = await rowsOf<{ pmid: string }>(
    db,
    hot(sql`select p.pmid from unnest(${pgArray([...new Set(providerIds)])}::text[]) as p(pmid)
        where exists (select 1 from campaign_recipients r where r.provider_message_id = p.pmid)
           or exists (select 1 from chat_messages c where c.provider_message_id = p.pmid)`),
  );
  return new Set(rows.map((r) => r.pmid));
}
