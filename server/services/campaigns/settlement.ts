// Settlement of charges billed on delivery (contract/domain/charging.ts: WhatsApp and RCS always, SMS when its rate
// says so). A message is charged against the campaign's hold when it is sent, as the hold must cover it; the charge
// stands once a receipt says delivered (or read, or replied) and is given back when one says failed, or when no
// delivery is confirmed by the cut-off (SETTLEMENT_WINDOW_MS after sending). Given back means: the recipient's cost
// becomes 0 and the campaign's spend shrinks (a running campaign can spend it again; an ended one returns it to the
// balance through the ledger at once). A delivery receipt after the cut-off changes nothing: it is not charged. A
// recipient's SMS failover (its own message and charge) settles the same way when SMS is billed on delivery.
// When an ended campaign has no open charge left it is marked settled and never looked at again. Public-API messages
// follow the same rule (settleApiMessages).
import { sql } from "drizzle-orm";
import { FINAL_CAMPAIGN_STATUSES } from "../../../contract/domain/campaigns";
import type { ChargeBasis } from "../../../contract/domain/charging";
import type { Db } from "../../db/client";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { refund as refundApiMessages } from "../public-api/dispatch-sql";
import { releaseHold } from "./money";

export interface SettleOptions {
  now: Date;
  windowMs: number;
  smsBilledOn: ChargeBasis;
  /** Only these campaigns (a receipt batch's failures); all unsettled ones without. */
  campaignIds?: readonly string[];
}

export interface Settled {
  /** Paise given back, over all campaigns. */
  givenBack: number;
  /** Campaigns newly marked settled. */
  settled: number;
  /** Campaigns whose money or settlement changed (their report shows it). */
  changed: string[];
  /** Campaigns with a failed message still charged: its row was busy (skipped while locked), to be tried again. */
  pending: string[];
}

const FINAL = sql.raw(`(${FINAL_CAMPAIGN_STATUSES.map((s) => `'${s}'`).join(", ")})`);

/**
 * Gives back the charges of failed and never-delivered messages, releases ended campaigns' money, marks them settled.
 */
export async function settleCharges(db: Db, options: SettleOptions): Promise<Settled> {
  const cutoff = new Date(options.now.getTime() - options.windowMs).toISOString();
  const only = options.campaignIds ? sql`and k.id = any(${pgArray([...options.campaignIds])}::uuid[])` : sql``;
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Tx;
    // Every campaign not settled yet: those billed on delivery are settled by their receipts and the cut-off; an SMS
    // campaign billed on submission has nothing to settle and is marked settled once ended, so a later change of the
    // SMS rate's basis never re-prices it. A campaign's own basis is the one its hold was priced with (campaigns.rates).
    const candidates = await rowsOf<{ id: string; user_id: string; on_delivery: boolean }>(
      tx,
      sql`select k.id, k.user_id, (k.channel <> 'sms' or coalesce(k.rates->>'smsBilledOn', ${options.smsBilledOn}) = 'delivered') as on_delivery from campaigns k
          where k.settled_at is null and k.status in ('running', 'paused', 'completed', 'discarded', 'failed') ${only}`,
    );
    if (candidates.length === 0) return { givenBack: 0, settled: 0, changed: [], pending: [] };
    const ids = pgArray(candidates.map((c) => c.id));
    const onDelivery = pgArray(candidates.filter((c) => c.on_delivery).map((c) => c.id));
    const smsOnDelivery = options.smsBilledOn === "delivered";
    // The failover SMS (its own message and charge, failover_cost_paise) is settled like an SMS campaign's.
    const failoverOpen = sql`r.failover_cost_paise > 0 and r.failover_delivered_at is null`;
    const failoverBack = sql`${smsOnDelivery} and ${failoverOpen} and (r.failover_failed_at is not null
      or (r.failover_state in ('sent', 'unknown') and coalesce(r.failover_sent_at, r.lease_until) < ${cutoff}::timestamptz))`;
    // Each kind of row found through its own index (failed and charged: the partial unsettled index; sent: the queue
    // index; failovers: the failover index), never a scan of a whole campaign. Rows another worker holds (a receipt
    // being written) are left for the next round rather than waited for.
    const back = await rowsOf<{ campaign_id: string; paise: number; status: string }>(
      tx,
      sql`with c as (select unnest(${onDelivery}::uuid[]) as id), due as (
            select r.id from c join campaign_recipients r on r.campaign_id = c.id and r.state = 'failed' and r.cost_paise > 0
            union
            select r.id from c join campaign_recipients r on r.campaign_id = c.id and r.state in ('sent', 'unknown')
              and r.cost_paise > 0 and coalesce(r.sent_at, r.lease_until) < ${cutoff}::timestamptz
            union
            select r.id from c join campaign_recipients r on r.campaign_id = c.id and r.failover_state is not null and ${failoverBack}
          ), x as (
            select r.id, r.campaign_id,
              case when r.state = 'failed' or (r.state in ('sent', 'unknown') and coalesce(r.sent_at, r.lease_until) < ${cutoff}::timestamptz)
                   then r.cost_paise else 0 end as own,
              case when ${failoverBack} then r.failover_cost_paise else 0 end as failover
            from campaign_recipients r where r.id in (select id from due)
            for update skip locked
          ), u as (
            update campaign_recipients r set cost_paise = r.cost_paise - x.own, failover_cost_paise = r.failover_cost_paise - x.failover,
              refunded_paise = r.refunded_paise + x.own + x.failover
            from x where r.id = x.id and (x.own > 0 or x.failover > 0) returning x.campaign_id, x.own + x.failover as paise
          ), t as (
            select campaign_id, sum(paise)::int as paise from u group by campaign_id
          ), s as (
            update campaigns k set spent_paise = k.spent_paise - t.paise, updated_at = now() from t where k.id = t.campaign_id returning k.id, k.status
          )
          select t.campaign_id, t.paise, s.status from t join s on s.id = t.campaign_id`,
    );
    // The status the campaign has as its spend shrinks, not the one read with the candidates: a dispatcher can end
    // the campaign (and release all it held beyond its spend) in between, and the money given back here must then be
    // released too, or an ended campaign keeps holding it.
    const ownerOf = new Map(candidates.map((c) => [c.id, c.user_id]));
    for (const b of back) {
      const owner = ownerOf.get(b.campaign_id);
      if (owner && (FINAL_CAMPAIGN_STATUSES as readonly string[]).includes(b.status))
        await releaseHold(tx, b.campaign_id, owner);
    }
    // An ended campaign is settled once its cut-off has passed (every message's) and nothing is left open: probed once
    // per campaign and kind through the same indexes.
    const settled = await rowsOf<{ id: string }>(
      tx,
      sql`update campaigns k set settled_at = ${options.now.toISOString()}::timestamptz
          where k.id = any(${ids}::uuid[]) and k.status in ${FINAL}
            and (not (k.id = any(${onDelivery}::uuid[])) or (coalesce(k.completed_at, k.updated_at) < ${cutoff}::timestamptz
            and not exists (select 1 from campaign_recipients r where r.campaign_id = k.id and r.state = 'failed' and r.cost_paise > 0)
            and not exists (select 1 from campaign_recipients r where r.campaign_id = k.id and r.state in ('queued', 'sending', 'sent', 'unknown') and r.cost_paise > 0)
            and not exists (select 1 from campaign_recipients r where r.campaign_id = k.id and r.failover_state is not null and ${smsOnDelivery} and ${failoverOpen})))
          returning k.id`,
    );
    const pending = await rowsOf<{ id: string }>(
      tx,
      sql`select c.id from unnest(${onDelivery}::uuid[]) as c(id)
          where exists (select 1 from campaign_recipients r where r.campaign_id = c.id and r.state = 'failed' and r.cost_paise > 0)`,
    );
    return {
      givenBack: back.reduce((sum, b) => sum + b.paise, 0),
      settled: settled.length,
      changed: [...new Set([...back.map((b) => b.campaign_id), ...settled.map((s) => s.id)])],
      pending: pending.map((p) => p.id),
    };
  });
}

/** At most this many public-API messages settled per round (the next round takes the rest). */
const API_BATCH = 2000;

/**
 * Public-API messages past the cut-off with no receipt since they were sent: each is marked settled; where its
 * channel bills on delivery, its current step's charge comes back (ledger `api_refund`, "not delivered by the
 * cut-off"). A failed receipt gave it back already (public-api/receipts.ts); a delivery after this is not charged.
 */
export async function settleApiMessages(
  db: Db,
  options: Omit<SettleOptions, "campaignIds">,
): Promise<{ settled: number; givenBack: number }> {
  const cutoff = new Date(options.now.getTime() - options.windowMs).toISOString();
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Tx;
    const rows = await rowsOf<{ id: string; user_id: string; refund: number }>(
      tx,
      sql`with x as (
            select id, case when channel <> 'sms' or ${options.smsBilledOn === "delivered"}
                            then least(coalesce((steps -> step ->> 'costPaise')::int, 0), cost_paise) else 0 end as refund
            from api_messages
            where state in ('sent', 'unknown') and settled_at is null and cost_paise > 0 and updated_at < ${cutoff}::timestamptz
            order by updated_at limit ${API_BATCH}
            for update skip locked
          )
          update api_messages m set settled_at = ${options.now.toISOString()}::timestamptz, cost_paise = m.cost_paise - x.refund
          from x where m.id = x.id
          returning m.id::text as id, m.user_id::text as user_id, x.refund`,
    );
    const back = rows.filter((r) => r.refund > 0);
    if (back.length > 0) await refundApiMessages(tx, back, "not delivered by the cut-off");
    return { settled: rows.length, givenBack: back.reduce((sum, r) => sum + r.refund, 0) };
  });
}
