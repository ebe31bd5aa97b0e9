import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CampaignRecord } from "../../../contract/calls";
import {
  FINAL_CAMPAIGN_STATUSES,
  RECIPIENT_STATES,
  type RecipientCounts,
  type RecipientState,
} from "../../../contract/domain/campaigns";
import { billedOnDelivery, SETTLEMENT_WINDOW_MS, type ChargeBasis } from "../../../contract/domain/charging";
import type { Db } from "../../db/client";
import { campaignRecipients, recipientDailyStats, users } from "../../db/schema";
import { toMoney } from "../balance/ledger";
import type { CampaignRow } from "./reach";
import { loadRates } from "./rates";
import { savedContactsOf } from "./audience/save-contacts";

export const emptyCounts = (): RecipientCounts => ({
  ...(Object.fromEntries(RECIPIENT_STATES.map((s) => [s, 0])) as Record<RecipientState, number>),
  failedOver: 0,
});

/** States in which a recipient's send has an outcome: the progress bar's numerator. */
const DONE: readonly RecipientState[] = ["sent", "delivered", "read", "replied", "failed", "unknown", "skipped"];

/**
 * Per campaign, its recipients per state, from the dashboards' rollup (recipient_daily_stats, exact at every commit):
 * a handful of rows per campaign, where a GROUP BY over the recipients read every one of them (a million for a large
 * campaign) on each list page and each live progress push.
 */
export async function countsOf(db: Db, ids: readonly string[]): Promise<Map<string, RecipientCounts>> {
  const map = new Map<string, RecipientCounts>(ids.map((id) => [id, emptyCounts()]));
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      campaignId: recipientDailyStats.campaignId,
      state: recipientDailyStats.state,
      n: sql<number>`sum(${recipientDailyStats.recipients})::int`,
      over: sql<number>`sum(${recipientDailyStats.failedOver})::int`,
    })
    .from(recipientDailyStats)
    .where(inArray(recipientDailyStats.campaignId, [...ids]))
    .groupBy(recipientDailyStats.campaignId, recipientDailyStats.state);
  for (const row of rows) {
    const counts = map.get(row.campaignId);
    if (!counts) continue;
    counts[row.state] = row.n;
    counts.failedOver += row.over;
  }
  return map;
}

/**
 * Per campaign, what its SMS failovers cost (paise), from the same rollup: the part of `spent_paise` that went to
 * SMS rather than the campaign's own channel.
 */
export async function failoverPaiseOf(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      campaignId: recipientDailyStats.campaignId,
      paise: sql<number>`sum(${recipientDailyStats.failoverCostPaise})::float8`,
    })
    .from(recipientDailyStats)
    .where(inArray(recipientDailyStats.campaignId, [...ids]))
    .groupBy(recipientDailyStats.campaignId);
  return new Map(rows.map((r) => [r.campaignId, Number(r.paise)]));
}

export const totalOf = (counts: RecipientCounts): number => RECIPIENT_STATES.reduce((sum, s) => sum + counts[s], 0);

export function percentOf(counts: RecipientCounts): number {
  const total = totalOf(counts);
  if (total === 0) return 0;
  const done = DONE.reduce((sum, s) => sum + counts[s], 0);
  return Math.floor((done / total) * 1000) / 10;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const rupees = (paise: number) => Number(toMoney(paise));

/** What a campaign waiting for receipts (dispatch-failover.ts holdOnlyForFailovers) waits for. */
export type Waiting = CampaignRecord["waiting"];

/** How a campaign is billed and settled, from its row and when SMS is billed. */
export function billingOf(row: CampaignRow, smsBilledOn: ChargeBasis): CampaignRecord["billing"] {
  const basis = billedOnDelivery(row.channel, { smsBilledOn }) ? "delivered" : "submitted";
  const open = basis === "delivered" && !row.settledAt && row.startedAt !== null;
  const last = row.completedAt ?? (FINAL_CAMPAIGN_STATUSES.includes(row.status) ? row.updatedAt : null);
  return {
    basis,
    settledAt: iso(row.settledAt),
    settlesBy: open && last ? new Date(last.getTime() + SETTLEMENT_WINDOW_MS).toISOString() : null,
  };
}

export function toCampaignRecord(
  row: CampaignRow,
  counts: RecipientCounts,
  ownerName: string,
  waiting: Waiting = null,
  smsBilledOn: ChargeBasis = "submitted",
  failoverPaise = 0,
): CampaignRecord {
  return {
    _id: row.id,
    name: row.name,
    channel: row.channel,
    status: row.status,
    statusReason: row.statusReason,
    userId: row.userId,
    ownerName,
    templateId: row.templateId,
    templateName: row.templateName,
    senderLabel: row.senderLabel,
    source: { kind: row.sourceKind, name: row.sourceName },
    audience: {
      rowsRead: row.rowsRead,
      valid: row.validCount,
      invalid: row.invalidCount,
      duplicates: row.duplicateCount,
    },
    savedContacts: savedContactsOf(row),
    total: totalOf(counts),
    counts,
    percent: percentOf(counts),
    cost: {
      estimated: rupees(row.estimatedPaise),
      max: rupees(row.maxPaise),
      held: rupees(row.heldPaise),
      spent: rupees(row.spentPaise),
      failoverSpent: rupees(failoverPaise),
      estimatedAt: iso(row.estimatedAt),
    },
    failover: row.failover
      ? {
          conditions: row.failover.conditions,
          smsAccountId: row.failover.smsAccountId,
          smsTemplateId: row.failover.smsTemplateId,
        }
      : null,
    waiting,
    billing: billingOf(row, smsBilledOn),
    scheduledAt: iso(row.scheduledAt),
    timeZone: row.timeZone,
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Records for campaign rows: their counts and owners' names in two queries. */
export async function toCampaignRecords(db: Db, rows: readonly CampaignRow[]): Promise<CampaignRecord[]> {
  const ids = rows.map((r) => r.id);
  const counts = await countsOf(db, ids);
  const ownerIds = [...new Set(rows.map((r) => r.userId))];
  const owners = ownerIds.length
    ? await db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ownerIds))
    : [];
  const names = new Map(owners.map((o) => [o.id, o.name]));
  const waiting = await waitingOf(db, rows);
  const { smsBilledOn } = await loadRates(db);
  const failover = await failoverPaiseOf(
    db,
    rows.filter((r) => r.failover).map((r) => r.id),
  );
  return rows.map((r) =>
    toCampaignRecord(
      r,
      counts.get(r.id) ?? emptyCounts(),
      names.get(r.userId) ?? "",
      waiting.get(r.id) ?? null,
      smsBilledOn,
      failover.get(r.id) ?? 0,
    ),
  );
}

/**
 * Running campaigns the dispatcher left waiting for receipts (next_run_at: until when): their messages with no
 * receipt yet that have not failed over, in one query for the page.
 */
async function waitingOf(db: Db, rows: readonly CampaignRow[]): Promise<Map<string, NonNullable<Waiting>>> {
  const waiting = rows.filter((r) => r.status === "running" && r.failover && r.nextRunAt);
  const map = new Map<string, NonNullable<Waiting>>();
  if (waiting.length === 0) return map;
  const counts = await db
    .select({ id: campaignRecipients.campaignId, n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(
      and(
        inArray(
          campaignRecipients.campaignId,
          waiting.map((r) => r.id),
        ),
        eq(campaignRecipients.state, "sent"),
        isNull(campaignRecipients.failoverState),
      ),
    )
    .groupBy(campaignRecipients.campaignId);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  for (const r of waiting)
    if (r.nextRunAt) map.set(r.id, { messages: byId.get(r.id) ?? 0, until: r.nextRunAt.toISOString() });
  return map;
}
