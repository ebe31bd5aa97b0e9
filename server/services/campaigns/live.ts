// A campaign's live control room (campaigns.live): every figure from cheap reads only, since the console asks for it
// every few seconds while the campaign runs: its row, its rollups (recipient_daily_stats for the counts,
// campaign_failures for the reasons), its throughput buckets (campaign_throughput, a few hundred rows at most for the
// chart and one aggregate over the rest) and its fired alerts. Never the recipients.
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { CampaignLiveRecord } from "../../../contract/calls/campaign-live";
import { CONSENT_CHANNEL_LABELS } from "../../../contract/domain/consent";
import {
  THROTTLE_MIN_PER_SECOND,
  THROUGHPUT_BUCKET_SECONDS,
  THROUGHPUT_NOW_SECONDS,
  THROUGHPUT_WINDOW_SECONDS,
} from "../../../contract/domain/control-room";
import type { Carrier } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { campaignAlertsFired, campaignFailures, type CampaignAlertSettings } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import { alertSettingsOf } from "./alerts";
import { loadDispatchCampaign, profileOf } from "./dispatch-campaign";
import type { FailoverPlan } from "./dispatch-failover";
import { dispatchSettingsWith, senderRate } from "./dispatch-settings";
import type { CampaignRow } from "./reach";
import { readableReason } from "./failure-reasons";
import { countsOf, emptyCounts } from "./records";
import { bucketOf } from "./throughput";

/** Fired alerts the view lists, newest first. */
export const FIRED_SHOWN = 20;
/** Failure reasons per route. */
const TOP_ERRORS = 5;
const BUCKET_MS = THROUGHPUT_BUCKET_SECONDS * 1000;

const rupees = (paise: number) => Math.round(paise) / 100;
const rate = (failed: number, tried: number) => (tried === 0 ? 0 : failed / tried);

/** What the sender may be set to: at least THROTTLE_MIN_PER_SECOND, at most its own limit. */
export function throttleOf(perSecond: number | null, limit: number): CampaignLiveRecord["throttle"] {
  const max = Math.max(THROTTLE_MIN_PER_SECOND, Math.floor(limit));
  return { perSecond, effective: Math.min(perSecond ?? max, max), min: THROTTLE_MIN_PER_SECOND, max };
}

export function alertsRecord(a: CampaignAlertSettings): CampaignLiveRecord["alerts"] {
  return {
    failureRatePercent: a.failureRatePercent,
    costLimit: a.costLimitPaise === null ? null : rupees(a.costLimitPaise),
    pauseOnAlert: a.pauseOnAlert,
    targets: a.targets,
  };
}

interface Buckets {
  series: CampaignLiveRecord["throughput"]["series"];
  now: number;
  failoverSent: number;
  failoverFailed: number;
}

/**
 * The chart's buckets (empty ones filled), "now" over the last THROUGHPUT_NOW_SECONDS of whole buckets (the one
 * filling is left out: it would read low), and the failover route's totals.
 */
async function buckets(db: Db, campaignId: string, at: number, failover: boolean): Promise<Buckets> {
  const current = bucketOf(at).getTime();
  const from = current - THROUGHPUT_WINDOW_SECONDS * 1000 + BUCKET_MS;
  // The failover totals sum every bucket the campaign has (one per 10 s it sent): only a campaign with a failover
  // route shows them, so only its poll pays for that read.
  const [recent, [all]] = await Promise.all([
    rowsOf<{ bucket: string | Date; sent: number; failed: number }>(
      db,
      sql`select bucket, sent, failed from campaign_throughput
          where campaign_id = ${campaignId} and bucket >= ${new Date(from).toISOString()}::timestamptz order by bucket`,
    ),
    failover
      ? rowsOf<{ fo_sent: number; fo_failed: number }>(
          db,
          sql`select coalesce(sum(failover_sent), 0)::int as fo_sent, coalesce(sum(failover_failed), 0)::int as fo_failed
              from campaign_throughput where campaign_id = ${campaignId}`,
        )
      : [],
  ]);
  const byStart = new Map(recent.map((r) => [new Date(r.bucket).getTime(), r]));
  const series: Buckets["series"] = [];
  for (let start = from; start <= current; start += BUCKET_MS) {
    const r = byStart.get(start);
    series.push({ at: new Date(start).toISOString(), sent: r?.sent ?? 0, failed: r?.failed ?? 0 });
  }
  const nowFrom = current - THROUGHPUT_NOW_SECONDS * 1000;
  const lately = recent
    .filter((r) => {
      const t = new Date(r.bucket).getTime();
      return t >= nowFrom && t < current;
    })
    .reduce((sum, r) => sum + r.sent + r.failed, 0);
  return {
    series,
    now: round2(lately / THROUGHPUT_NOW_SECONDS),
    failoverSent: all?.fo_sent ?? 0,
    failoverFailed: all?.fo_failed ?? 0,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Messages a second while it sent: its outcomes (`done`, from the counts' rollup) over the time it has been running,
 * its finished spells (ran_ms) and the current one, so paused time is not counted. Constant cost: no bucket is read.
 */
export function averageRate(
  done: number,
  row: Pick<CampaignRow, "status" | "ranMs" | "runningSince">,
  at: Date,
): number {
  const current =
    row.status === "running" && row.runningSince ? Math.max(0, at.getTime() - row.runningSince.getTime()) : 0;
  const seconds = (row.ranMs + current) / 1000;
  return seconds > 0 ? round2(done / seconds) : 0;
}

export interface LiveContext {
  /** The sender's own limit in messages a second (its channel's, or the dispatcher's default). */
  senderLimit: number;
  /** The primary sender and the SMS failover's plan, as sending reads them. */
  from: string;
  failover?: FailoverPlan;
  at?: Date;
}

/**
 * The campaign's sender as sending sees it: its primary sender, the SMS failover's plan, and its limit (the rate the
 * dispatcher paces it at, from DISPATCH_* variables as the dispatcher reads them), the throttle's maximum.
 */
export async function liveContext(db: Db, carrier: Carrier, row: CampaignRow): Promise<LiveContext> {
  const loaded = await loadDispatchCampaign(db, row.id);
  const from = loaded?.from ?? row.sender ?? "";
  const senderLimit = senderRate(await profileOf(carrier, row.channel, from), row.channel, dispatchSettingsWith());
  return { senderLimit, from, ...(loaded?.failover ? { failover: loaded.failover } : {}) };
}

export async function campaignLive(db: Db, row: CampaignRow, ctx: LiveContext): Promise<CampaignLiveRecord> {
  const at = ctx.at ?? new Date();
  const [counts, b, errors, fired] = await Promise.all([
    countsOf(db, [row.id]).then((m) => m.get(row.id) ?? emptyCounts()),
    buckets(db, row.id, at.getTime(), Boolean(ctx.failover)),
    db
      .select({ reason: campaignFailures.reason, code: campaignFailures.code, count: campaignFailures.recipients })
      .from(campaignFailures)
      .where(and(eq(campaignFailures.campaignId, row.id), gt(campaignFailures.recipients, 0)))
      .orderBy(desc(campaignFailures.recipients), campaignFailures.reason)
      .limit(TOP_ERRORS * 4),
    db
      .select()
      .from(campaignAlertsFired)
      .where(eq(campaignAlertsFired.campaignId, row.id))
      .orderBy(desc(campaignAlertsFired.at), desc(campaignAlertsFired.id))
      .limit(FIRED_SHOWN),
  ]);
  const total = Object.entries(counts)
    .filter(([state]) => state !== "skipped" && state !== "failedOver")
    .reduce((sum, [, n]) => sum + n, 0);
  const waiting = counts.queued + counts.sending;
  const done = total - waiting;
  const throttle = throttleOf(row.throttlePerSecond, ctx.senderLimit);
  const sending = row.status === "running" && waiting > 0;
  const pace = b.now > 0 ? b.now : throttle.effective;
  // The same reason in words (under several codes, or texts) is one row to a person reading it; its detail is the
  // provider's text of the commonest (the rows come most first).
  const reasons = new Map<string, { reason: string; detail: string | null; count: number }>();
  for (const e of errors) {
    const readable = readableReason(row.channel, e.code, e.reason);
    const seen = reasons.get(readable.reason);
    if (seen) seen.count += e.count;
    else reasons.set(readable.reason, { ...readable, count: e.count });
  }
  const primaryFailed = counts.failed;
  const primaryTried = done - counts.unknown;
  const routes: CampaignLiveRecord["routes"] = [
    {
      route: "primary",
      label: `${CONSENT_CHANNEL_LABELS[row.channel]} · ${row.senderLabel || ctx.from}`,
      sent: Math.max(0, primaryTried - primaryFailed),
      failed: primaryFailed,
      errorRate: rate(primaryFailed, primaryTried),
      topErrors: [...reasons.values()].sort((x, y) => y.count - x.count).slice(0, TOP_ERRORS),
    },
  ];
  if (ctx.failover)
    routes.push({
      route: "failover",
      label: `SMS failover · ${ctx.failover.from}`,
      sent: b.failoverSent,
      failed: b.failoverFailed,
      errorRate: rate(b.failoverFailed, b.failoverSent + b.failoverFailed),
      topErrors: [],
    });
  return {
    campaignId: row.id,
    status: row.status,
    statusReason: row.statusReason,
    total,
    done,
    waiting,
    throughput: { now: b.now, average: averageRate(done, row, at), series: b.series },
    etaSeconds: sending ? Math.ceil(waiting / pace) : null,
    throttle,
    routes,
    cost: { spent: rupees(row.spentPaise), estimated: row.estimatedPaise > 0 ? rupees(row.estimatedPaise) : null },
    alerts: alertsRecord(alertSettingsOf(row.alerts)),
    fired: fired.map((f) => ({ kind: f.kind, at: f.at.toISOString(), message: f.message, paused: f.paused })),
    at: at.toISOString(),
  };
}
