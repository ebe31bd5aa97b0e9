// SMS failover of WhatsApp and RCS campaigns. A recipient of a campaign with `failover` that matches one of its
// conditions (contract/domain/campaigns.ts FAILOVER_CHANNELS: the same rules, with each channel's codes) is marked
// `failover_state = 'queued'` (only a null marker ever becomes queued, so a recipient fails over at most once), then
// claimed like the dispatcher's queue (campaign row locked, SMS cost settled against the same hold, `sending` with a
// lease), sent OUTSIDE any transaction with `${recipient id}:sms` as its idempotency key, and its outcome written. The
// SMS is a message of its own on the recipient's row: its cost is `failover_cost_paise` (the channel's message keeps
// `cost_paise`), its provider id, times and receipts are the `failover_*` columns (failover-receipts.ts writes what its
// receipts say). A lease that lapses is sent again with the same key on carriers that deduplicate by id (the provider
// delivers once, and it is not charged twice); otherwise it becomes `unknown`, never re-sent.
import { eq, sql } from "drizzle-orm";
import { FAILOVER_CHANNELS, type FailoverChannel, type FailoverCondition } from "../../../contract/domain/campaigns";
import type { Carrier } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { campaigns, smsAccounts, smsTemplates, type CampaignFailover } from "../../db/schema";
import { contentFor, costOf } from "./dispatch-content";
import { failoverMessageId } from "./failover-receipts";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { releaseHold, settle } from "./money";
import type { Rates } from "./rates";
import { FOR_ROW_LOCK } from "../../db/locks";

export interface FailoverPlan {
  /** The campaign's own channel, whose codes the conditions read. */
  channel: FailoverChannel;
  failover: CampaignFailover;
  body: string;
  /** The SMS template's DLT id, sent with each failover message. */
  dltTemplateId: string;
  /** The SMS template's DLT category: the failover's rate (smsRateKey). */
  category: string;
  from: string;
  replyTo?: string;
}

const COLUMN = /^\{\{\s*([^}]+?)\s*\}\}$/;

/**
 * The SMS template's values for one recipient. Literal params are used as they are. A recipient keeps only the
 * values of the campaign template's `{{column}}` slots (by position, resolved at ingest), not the whole audience row,
 * so a failover `{{column}}` takes the recipient's value of the campaign variable naming the same column, and is
 * empty when the campaign's template did not use that column.
 */
export function failoverParams(
  params: readonly string[],
  campaignVariables: readonly string[],
  recipientVariables: readonly (string | null)[] | null,
): string[] {
  const row = recipientVariables ?? [];
  return params.map((p) => {
    const column = COLUMN.exec(p)?.[1];
    if (column === undefined) return p;
    const at = campaignVariables.findIndex((v) => COLUMN.exec(v)?.[1] === column);
    return at >= 0 ? (row[at] ?? "") : "";
  });
}

export async function loadFailoverPlan(
  db: Db,
  channel: FailoverChannel,
  failover: CampaignFailover | null,
): Promise<FailoverPlan | undefined> {
  if (!failover || failover.conditions.length === 0) return undefined;
  const [t] = await db.select().from(smsTemplates).where(eq(smsTemplates.id, failover.smsTemplateId));
  if (!t) return undefined;
  const [account] = await db
    .select({ replyNumber: smsAccounts.replyNumber })
    .from(smsAccounts)
    .where(eq(smsAccounts.id, failover.smsAccountId));
  return {
    channel,
    failover,
    body: t.body,
    dltTemplateId: t.dltTemplateId,
    category: t.category,
    from: t.senderId,
    ...(account?.replyNumber ? { replyTo: account.replyNumber } : {}),
  };
}

/** Which recipients fail over: a campaign's channel and chosen conditions. */
export interface FailoverRule {
  channel: FailoverChannel;
  conditions: readonly FailoverCondition[];
}

export const ruleOf = (plan: FailoverPlan): FailoverRule => ({
  channel: plan.channel,
  conditions: plan.failover.conditions,
});

const textArray = (values: readonly string[]) => sql`${pgArray(values)}::text[]`;

/** The recipients of a campaign whose message now matches one of the conditions (not yet marked). */
function dueSql({ channel, conditions }: FailoverRule, ttlMs: number) {
  const has = (c: FailoverCondition) => conditions.includes(c);
  const codes = FAILOVER_CHANNELS[channel];
  return sql`failover_state is null and (
    (${has("failed")} and state = 'failed')
    or (${has(codes.notReachable)} and state = 'failed' and code = any(${textArray(codes.notReachableCodes)}))
    or (${has("undelivered")} and state = 'failed' and code = any(${textArray(codes.expiredCodes)}))
    or (${has("undelivered")} and state = 'sent' and sent_at < now() - ${`${ttlMs} milliseconds`}::interval))`;
}

/** Marks the recipients whose message now matches a condition; answers how many. */
export async function markFailovers(db: Db, campaignId: string, rule: FailoverRule, ttlMs: number): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`update campaign_recipients set failover_state = 'queued' where campaign_id = ${campaignId} and ${dueSql(rule, ttlMs)} returning id`,
  );
  return rows.length;
}

/**
 * Whether failover work is still due: due but not yet marked, queued or in flight, or a message sent within the TTL
 * whose receipt (or lapse) may yet make it due. The campaign is not completed (nor its hold released) before.
 */
export async function failoverPending(
  db: Db | Tx,
  campaignId: string,
  rule: FailoverRule,
  ttlMs: number,
): Promise<boolean> {
  const rows = await rowsOf<{ pending: boolean }>(
    db,
    sql`select exists (select 1 from campaign_recipients where campaign_id = ${campaignId} and (
          failover_state in ('queued', 'sending') or (${dueSql(rule, ttlMs)})
          or (failover_state is null and state = 'sent' and sent_at >= now() - ${`${ttlMs} milliseconds`}::interval))) as pending`,
  );
  return rows[0]?.pending === true;
}

/**
 * A campaign with nothing left to send whose failover may still become due: it waits for receipts until the last
 * such message's TTL ends (`until`), and keeps on hold only what those failovers can cost: the SMS parts of the
 * recipients that may still fail over (counted at ingest; `fallbackParts` for rows without a count) × the SMS rate.
 * The rest of the hold goes back to the balance now, not when the wait ends. Failovers already claimed are settled.
 */
export async function holdOnlyForFailovers(
  tx: Tx,
  c: { id: string; userId: string },
  rule: FailoverRule,
  ttlMs: number,
  smsRatePaise: number,
  fallbackParts: number,
): Promise<void> {
  const [wait] = await rowsOf<{
    parts: number;
    last: string | Date | null;
    waiting: string | Date | null;
    touched: string | Date;
  }>(
    tx,
    sql`select coalesce(sum(coalesce(r.sms_parts, ${fallbackParts})), 0)::float8 as parts, max(r.sent_at) filter (where r.state = 'sent') as last,
          (select next_run_at from campaigns where id = ${c.id}) as waiting, (select updated_at from campaigns where id = ${c.id}) as touched
        from campaign_recipients r
        where r.campaign_id = ${c.id} and r.failover_state is null
          and ((r.state = 'sent' and r.sent_at >= now() - ${`${ttlMs} milliseconds`}::interval) or (${dueSql(rule, ttlMs)}))`,
  );
  const until = wait?.last ? new Date(new Date(wait.last).getTime() + ttlMs) : new Date();
  // At once when the wait begins (or its deadline moves), then again as receipts shrink the reserve, but at most every
  // tenth of the TTL: each release is a ledger row, and receipts of a large campaign stream in for minutes.
  const same = wait?.waiting && new Date(wait.waiting).getTime() === until.getTime();
  if (same && wait && Date.now() - new Date(wait.touched).getTime() < ttlMs / 10) return;
  await tx.update(campaigns).set({ nextRunAt: until }).where(eq(campaigns.id, c.id));
  await releaseHold(tx, c.id, c.userId, undefined, (wait?.parts ?? 0) * smsRatePaise);
}

interface FailoverRow {
  id: number;
  number: string;
  variables: (string | null)[] | null;
  failover_state: "queued" | "sending";
}

export interface FailoverItem {
  id: number;
  number: string;
  text: string;
  cost: number;
  /** A lapsed lease re-sent: already charged. */
  resend: boolean;
}

/**
 * Claims queued failovers (and, on carriers with idempotency keys, lapsed ones) under the campaign's row lock,
 * settling new ones' SMS cost against the hold; false in `held` when the hold cannot pay the next one.
 */
export async function claimFailovers(
  db: Db,
  c: { id: string; variables: readonly string[] },
  plan: FailoverPlan,
  size: number,
  rates: Rates,
  leaseMs: number,
  idempotent: boolean,
): Promise<{ items: FailoverItem[]; held: boolean }> {
  return db.transaction(async (txDb) => {
    const tx = txDb as unknown as Tx;
    const [camp] = await rowsOf<{ status: string; held: number; spent: number }>(
      tx,
      sql`select status, held_paise::float8 as held, spent_paise::float8 as spent from campaigns where id = ${c.id} ${FOR_ROW_LOCK}`,
    );
    if (!camp || camp.status !== "running") return { items: [], held: true };
    if (!idempotent) {
      // The SMS may have gone out: it stays charged and counts as failed over, like an accepted one.
      await tx.execute(sql`update campaign_recipients set failover_state = 'unknown', lease_until = null, failed_over = true,
          failover_sent_at = coalesce(failover_sent_at, now())
        where campaign_id = ${c.id} and failover_state = 'sending' and lease_until < now()`);
    }
    const rows = await rowsOf<FailoverRow>(
      tx,
      sql`select id::float8 as id, number, variables, failover_state from campaign_recipients
          where campaign_id = ${c.id} and (failover_state = 'queued' or (failover_state = 'sending' and lease_until < now()))
          order by id limit ${size} for update skip locked`,
    );
    let room = camp.held - camp.spent;
    let held = true;
    const items: FailoverItem[] = [];
    const template = {
      channel: "sms" as const,
      body: plan.body,
      dltTemplateId: plan.dltTemplateId,
      category: plan.category,
    };
    for (const r of rows) {
      const content = contentFor(template, failoverParams(plan.failover.params, c.variables, r.variables));
      const cost = costOf(template, content, rates);
      const resend = r.failover_state === "sending";
      if (!resend && cost > room) {
        held = false;
        break;
      }
      if (!resend) room -= cost;
      items.push({
        id: Number(r.id),
        number: r.number,
        text: content.kind === "text" ? content.text : "",
        cost,
        resend,
      });
    }
    if (items.length === 0) return { items, held };
    const charged = items.map((i) => (i.resend ? 0 : i.cost));
    await tx.execute(sql`
      update campaign_recipients r set failover_state = 'sending', lease_until = now() + ${`${leaseMs} milliseconds`}::interval,
        failover_cost_paise = r.failover_cost_paise + v.cost
      from unnest(${pgArray(items.map((i) => i.id))}::bigint[], ${pgArray(charged)}::int[]) as v(id, cost)
      where r.id = v.id`);
    const total = charged.reduce((a, b) => a + b, 0);
    if (!(await settle(tx, c.id, total))) throw new Error("settle refused a failover charge checked under lock");
    return { items, held };
  });
}

export interface FailoverOutcome {
  id: number;
  state: "sent" | "failed" | "queued" | "unknown";
  refund: number;
  /** Accepted: the provider's id, which its receipts name. */
  providerMessageId?: string;
  /** Refused: the provider's code and words. */
  code?: string;
  reason?: string;
}

export async function sendFailover(
  carrier: Carrier,
  plan: FailoverPlan,
  item: FailoverItem,
  idempotent = carrier.idempotentSends,
): Promise<FailoverOutcome> {
  const id = item.id;
  try {
    const result = await carrier.send({
      id: failoverMessageId(id),
      channel: "sms",
      from: plan.from,
      to: item.number,
      content: { kind: "text", text: item.text, ...(plan.dltTemplateId ? { dltTemplateId: plan.dltTemplateId } : {}) },
      ...(plan.replyTo ? { replyTo: plan.replyTo } : {}),
    });
    if (result.accepted) return { id, state: "sent", refund: 0, providerMessageId: result.providerMessageId };
    if (result.retryable) return { id, state: "queued", refund: item.cost };
    return { id, state: "failed", refund: item.cost, code: result.code, reason: result.reason };
  } catch {
    // The request may have left: only a carrier that deduplicates by id may see it again; the charge stays.
    return { id, state: idempotent ? "queued" : "unknown", refund: idempotent ? item.cost : 0 };
  }
}

/**
 * Writes outcomes of rows still `sending`; a failed or re-queued SMS gives its charge back to the hold. A receipt
 * that came before the outcome (matched by our id) has already written its times: they are kept.
 */
export async function writeFailoverOutcomes(
  db: Db,
  campaignId: string,
  outcomes: readonly FailoverOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  await db.execute(sql`
    with v as (
      select * from unnest(${pgArray(outcomes.map((o) => o.id))}::bigint[], ${pgArray(outcomes.map((o) => o.state))}::text[], ${pgArray(outcomes.map((o) => o.refund))}::int[],
        ${pgArray(outcomes.map((o) => o.providerMessageId ?? null))}::text[], ${pgArray(outcomes.map((o) => o.code ?? null))}::text[], ${pgArray(outcomes.map((o) => o.reason ?? null))}::text[])
        as v(id, state, refund, pmid, code, reason)
    ),
    upd as (
      update campaign_recipients r set failover_state = v.state, lease_until = null,
        failed_over = r.failed_over or v.state in ('sent', 'unknown'),
        failover_cost_paise = r.failover_cost_paise - v.refund,
        refunded_paise = r.refunded_paise + case when v.state = 'failed' then v.refund else 0 end,
        failover_provider_message_id = coalesce(v.pmid, r.failover_provider_message_id),
        failover_sent_at = case when v.state in ('sent', 'unknown') then coalesce(r.failover_sent_at, now()) else r.failover_sent_at end,
        failover_failed_at = case when v.state = 'failed' then coalesce(r.failover_failed_at, now()) else r.failover_failed_at end,
        failover_code = case when v.state = 'failed' then v.code else r.failover_code end,
        failover_reason = case when v.state = 'failed' then v.reason else r.failover_reason end
      from v where r.id = v.id and r.campaign_id = ${campaignId} and r.failover_state = 'sending'
      returning v.refund
    )
    update campaigns set spent_paise = spent_paise - (select coalesce(sum(refund), 0) from upd) where id = ${campaignId}`);
}
