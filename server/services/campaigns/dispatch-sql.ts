// The dispatcher's statements: few and set-based, so a batch of hundreds of recipients costs a handful of round trips
// (a claim, an outcome write), never one transaction per message. Arrays travel as one text parameter (db/sql.ts
// pgArray), so each statement's text is the same every time, and the ones run per batch are hot (client.ts: planned
// once on PGlite).
import { sql } from "drizzle-orm";
import { hot, type Db } from "../../db/client";
import { pgArray, rowsOf, type PgArrayItem, type Tx } from "../../db/sql";

export interface ClaimedRow {
  id: number;
  number: string;
  variables: (string | null)[] | null;
  cost_paise: number;
}

/** Queued recipients of one campaign, locked; rows another worker holds are skipped, not waited for. */
export function selectQueued(tx: Tx, campaignId: string, limit: number): Promise<ClaimedRow[]> {
  return rowsOf<ClaimedRow>(
    tx,
    hot(sql`select id::float8 as id, number, variables, cost_paise from campaign_recipients
        where campaign_id = ${campaignId} and state = 'queued' and (lease_until is null or lease_until <= now())
        order by id limit ${limit} for update skip locked`),
  ).then((rows) => rows.map((r) => ({ ...r, id: Number(r.id) })));
}

/** Marks claimed rows `sending` until the lease ends, one attempt more, with the cost each was charged. */
export async function markSending(
  tx: Tx,
  ids: readonly number[],
  costs: readonly number[],
  leaseMs: number,
): Promise<void> {
  await tx.execute(
    hot(sql`
    update campaign_recipients r set state = 'sending', lease_until = now() + ${`${leaseMs} milliseconds`}::interval,
      attempts = r.attempts + 1, cost_paise = v.cost
    from unnest(${pgArray(ids)}::bigint[], ${pgArray(costs)}::int[]) as v(id, cost)
    where r.id = v.id`),
  );
}

export type OutcomeState = "sent" | "failed" | "queued" | "unknown";

export interface Outcome {
  id: number;
  state: OutcomeState;
  providerMessageId?: string;
  code?: string;
  reason?: string;
  /** A re-queued recipient waits this long before it is claimed again (the provider's pair limit, 131056). */
  retryAfterMs?: number;
}

/**
 * Writes a batch's outcomes in one statement. Only rows still `sending` (or `unknown`, which an accepted answer
 * reconciles) with the charge this worker made (`charged`, by id) change: a row another worker recovered, or
 * recovered and claimed again, meanwhile is left to it. A failed or re-queued row gives that charge back to the
 * campaign (cost 0, spent lower), so spent stays the sum of cost_paise. (The charge comes from the worker rather than
 * from a locking read of the rows before the update, which cost a row lock, its WAL and a join per message.)
 * Answers the rows written.
 */
/** A recipient whose outcome was written (rows another worker had taken meanwhile are not). */
export interface WrittenOutcome {
  id: number;
  state: OutcomeState;
}

export async function writeOutcomes(
  db: Db,
  campaignId: string,
  outcomes: readonly Outcome[],
  charged: ReadonlyMap<number, number>,
): Promise<WrittenOutcome[]> {
  if (outcomes.length === 0) return [];
  const col = <K extends keyof Outcome>(k: K) => pgArray(outcomes.map((o) => o[k] as PgArrayItem));
  return rowsOf<WrittenOutcome>(
    db,
    hot(sql`
    with v as (
      select * from unnest(${col("id")}::bigint[], ${col("state")}::text[], ${col("providerMessageId")}::text[], ${col("code")}::text[], ${col("reason")}::text[],
        ${col("retryAfterMs")}::int[], ${pgArray(outcomes.map((o) => charged.get(o.id) ?? 0))}::int[]) as v(id, state, pmid, code, reason, wait_ms, charged)
    ),
    upd as (
      update campaign_recipients r set
        state = v.state,
        provider_message_id = coalesce(v.pmid, r.provider_message_id),
        code = v.code, reason = v.reason,
        -- A queued row's lease_until is "not before": the recipient the provider asked us to retry later waits.
        lease_until = case when v.state = 'queued' and v.wait_ms > 0 then now() + v.wait_ms * interval '1 millisecond' else null end,
        sent_at = case when v.state = 'sent' then now() else r.sent_at end,
        failed_at = case when v.state = 'failed' then now() else r.failed_at end,
        cost_paise = case when v.state in ('failed', 'queued') then 0 else r.cost_paise end,
        -- A failed send gives its charge back for good (a queued one is charged again when it is retried).
        refunded_paise = case when v.state = 'failed' then r.refunded_paise + r.cost_paise else r.refunded_paise end
      from v
      where r.id = v.id and r.campaign_id = ${campaignId} and r.state in ('sending', 'unknown') and r.cost_paise = v.charged
      returning r.id, v.state, v.charged
    ),
    refund as (select coalesce(sum(charged), 0) as paise from upd where state in ('failed', 'queued')),
    money as (
      -- Only a batch with something to give back writes the campaign row.
      update campaigns set spent_paise = spent_paise - refund.paise from refund where id = ${campaignId} and refund.paise > 0
    )
    select id::float8 as id, state from upd`),
  ).then((rows) => rows.map((r) => ({ ...r, id: Number(r.id) })));
}

/**
 * Recipients left `sending` after their lease (a worker died mid-send): on a carrier with idempotency keys back to
 * `queued` (charge returned; the retry uses the same id, so the provider delivers once); otherwise `unknown`, never
 * re-sent, kept charged (the message may have gone out) until a receipt says what happened.
 */
export async function recoverStale(db: Db, campaignIds: readonly string[], idempotent: boolean): Promise<number> {
  if (campaignIds.length === 0) return 0;
  const ids = sql`${pgArray([...campaignIds])}::uuid[]`;
  if (!idempotent) {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`update campaign_recipients set state = 'unknown', lease_until = null
          where campaign_id = any(${ids}) and state = 'sending' and lease_until < now() returning id`,
    );
    return rows.length;
  }
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`
    with stale as (
      select id, campaign_id, cost_paise from campaign_recipients
      where campaign_id = any(${ids}) and state = 'sending' and lease_until < now() for update skip locked
    ),
    upd as (
      update campaign_recipients r set state = 'queued', lease_until = null, cost_paise = 0
      from stale where r.id = stale.id returning stale.campaign_id, stale.cost_paise as charged
    ),
    money as (
      update campaigns c set spent_paise = c.spent_paise - s.charged
      from (select campaign_id, sum(charged) as charged from upd group by campaign_id) s where c.id = s.campaign_id
    )
    select count(*)::int as n from upd`,
  );
  return rows[0]?.n ?? 0;
}

/** Whether a campaign still has recipients waiting or in flight. */
export async function hasPending(db: Db | Tx, campaignId: string): Promise<boolean> {
  const rows = await rowsOf<{ pending: boolean }>(
    db,
    hot(
      sql`select exists (select 1 from campaign_recipients where campaign_id = ${campaignId} and state in ('queued', 'sending')) as pending`,
    ),
  );
  return rows[0]?.pending === true;
}
