// Receipts that name no id of ours (RBM's message ids are UUIDs derived from ours, server/carriers/rcs/message-id.ts)
// find their public-API step by the provider id its send stored (api_messages_provider_idx). A step that fell back
// has its provider id cleared, so a late receipt of an abandoned channel finds nothing.
import { sql } from "drizzle-orm";
import { hot, type Db } from "../../db/client";
import { pgArray, rowsOf } from "../campaigns/dispatch-sql";

/** The message and step each provider id belongs to; ids of no public-API step are absent. */
export async function stepsOfProviderIds(db: Db, providerIds: readonly string[]): Promise<Map<string, { id: string; step: number }>> {
  const rows = await rowsOf<{ id: string; step: number; pmid: string }>(
    db,
    // Every receipt without an id of ours (SMS providers' too) is asked about: planned once.
    hot(sql`select id::text as id, step, provider_message_id as pmid from api_messages
        where provider_message_id = any(${pgArray([...new Set(providerIds)])}::text[])`),
  );
  return new Map(rows.map((r) => [r.pmid, { id: r.id, step: Number(r.step) }]));
}
