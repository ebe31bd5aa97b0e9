// The consent ledger's SQL: writing events (and keeping the suppression list, the view of all-channel opt-outs, in
// step with them) and the set-based lookups the pre-send check and the public API use. The rules these mirror are in
// contract/domain/consent.ts (sendDecision); every query is scoped to one owner account.
import { sql, type SQL } from "drizzle-orm";
import type { ConsentChannel, ConsentMethod, ConsentPurpose, ConsentStatus } from "../../../contract/domain/consent";
import type { Db } from "../../db/client";
import { pgArray, type Tx } from "../../db/sql";
import { enqueueWebhookEvents } from "../webhooks/enqueue";

type Conn = Db | Tx;

export interface ConsentEventInput {
  /** The account the number's consent belongs to. */
  ownerId: string;
  number: string;
  channel: ConsentChannel;
  purpose: ConsentPurpose;
  status: ConsentStatus;
  method: ConsentMethod;
  proof: string;
  /** Who recorded it; null for a customer's keyword and a provider's error. */
  actorId: string | null;
}

/** The suppression list's source for an all-channel opt-out made by this method (the list's screen shows it). */
const sourceOf = (method: ConsentMethod) =>
  method === "keyword" ? "stop-reply" : method === "import" ? "import" : "manual";

/**
 * Appends events, in order, in one statement (any owners); an all-channel, any-purpose event also adds the number to
 * its owner's suppression list (opt-out; one already there stays as it was) or takes it off (opt-in), so the list
 * stays the view of the ledger's all-channel opt-outs.
 */
export async function writeConsentEvents(db: Conn, events: readonly ConsentEventInput[]): Promise<void> {
  if (events.length === 0) return;
  await writeEvents(db, events);
  // Opt-outs are told to the account's endpoints (contact.opted_out), in the caller's transaction when it passed one.
  const at = new Date().toISOString();
  await enqueueWebhookEvents(
    db,
    events
      .filter((e) => e.status === "opted_out")
      .map((e) => ({
        ownerId: e.ownerId,
        type: "contact.opted_out" as const,
        data: { number: e.number, channel: e.channel, purpose: e.purpose, method: e.method, proof: e.proof, at },
      })),
  );
}

async function writeEvents(db: Conn, events: readonly ConsentEventInput[]): Promise<void> {
  const col = (f: (e: ConsentEventInput) => string | null) => pgArray(events.map(f));
  await db.execute(sql`
    with v as (
      select * from unnest(${col((e) => e.ownerId)}::uuid[], ${col((e) => e.number)}::text[], ${col((e) => e.channel)}::text[],
        ${col((e) => e.purpose)}::text[], ${col((e) => e.status)}::text[], ${col((e) => e.method)}::text[], ${col((e) => e.proof)}::text[],
        ${col((e) => e.actorId)}::uuid[], ${col((e) => sourceOf(e.method))}::text[])
        with ordinality as v(user_id, number, channel, purpose, status, method, proof, actor_id, source, ord)
    ), ev as (
      insert into consent_events (user_id, number, channel, purpose, status, method, proof, actor_id)
      select user_id, number, channel, purpose, status, method, proof, actor_id from v order by ord
    ), last_word as (
      -- The last all-channel event of each number in this batch decides its place on the list.
      select distinct on (user_id, number) user_id, number, status, proof, method, source from v
      where channel = 'all' and purpose = 'any' order by user_id, number, ord desc
    ), added as (
      insert into suppressions (user_id, number, reason, source)
      select user_id, number, left(coalesce(nullif(proof, ''), 'Opted out (' || method || ')'), 200), source
      from last_word where status = 'opted_out'
      on conflict (user_id, number) do nothing
    )
    delete from suppressions s using last_word l
    where s.user_id = l.user_id and s.number = l.number and l.status = 'opted_in'`);
}

/**
 * Numbers of `ownerId` whose latest event that applies to a message on `channel` (its own or 'all'; purpose 'any',
 * or 'marketing' when `marketing` holds) has `status`. One pass over the owner's events along the ledger's index.
 * An all-channel opt-out is left to the suppression list, which speaks for it (a number taken off the list by any
 * path is not held back twice).
 */
export const consentNumbers = (ownerId: string, channel: string, marketing: SQL, status: ConsentStatus): SQL =>
  sql`(select l.number from (
        select distinct on (e.number) e.number, e.status, e.channel, e.purpose from consent_events e
        where e.user_id = ${ownerId} and e.channel in (${channel}, 'all') and (e.purpose = 'any' or (e.purpose = 'marketing' and (${marketing})))
        order by e.number, e.created_at desc, e.id desc
      ) l where l.status = ${status} and (l.status = 'opted_in' or l.channel <> 'all' or l.purpose <> 'any'))`;

/** Whether the account requires a WhatsApp opt-in before business-initiated (template) messages. */
export const requiresWhatsappOptIn = (ownerId: string): SQL =>
  sql`exists (select 1 from consent_settings s where s.user_id = ${ownerId} and s.require_whatsapp_opt_in)`;
