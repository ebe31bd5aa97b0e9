import { CAMPAIGN_CHANNELS, MSG, type CampaignChannel, type CampaignRecord } from "../../../../contract";
import { CAMPAIGN_STATUSES, type ProgressUpdate } from "../../../../contract/domain/campaigns";

/** Progress reports keyed by campaign id (SPEC 3): the newest push of each campaign. */
export type ProgressById = Readonly<Record<string, ProgressUpdate>>;

const time = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : 0;
};

/** Whether a socket payload is a progress push this console can use (the socket is typed only by convention). */
export function isProgressUpdate(value: unknown): value is ProgressUpdate {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.campaignId === "string" &&
    typeof v.status === "string" &&
    (CAMPAIGN_STATUSES as readonly string[]).includes(v.status) &&
    typeof v.percent === "number" &&
    typeof v.total === "number" &&
    typeof v.counts === "object" &&
    v.counts !== null &&
    typeof v.at === "string"
  );
}

/** Keeps the newest push per campaign: pushes can overtake each other across reconnects, an older one is dropped. */
export function progressReducer(state: ProgressById, update: ProgressUpdate): ProgressById {
  const known = state[update.campaignId];
  if (known && time(known.at) > time(update.at)) return state;
  return { ...state, [update.campaignId]: update };
}

/**
 * A row as the person should see it now: the freshest of the listed record, a record an action answered with
 * (pause, resume, discard: the status changed locally by id, SPEC 4), and the live push. A push older than the record
 * (the list was refetched after it) is ignored, so a stale "running" never covers a fresh "paused".
 */
export function mergeCampaign(row: CampaignRecord, saved?: CampaignRecord, progress?: ProgressUpdate): CampaignRecord {
  const base = saved && time(saved.updatedAt) >= time(row.updatedAt) ? saved : row;
  if (!progress || time(progress.at) < time(base.updatedAt)) return base;
  return {
    ...base,
    status: progress.status,
    statusReason: progress.statusReason,
    total: progress.total,
    counts: progress.counts,
    percent: progress.percent,
    cost: { ...base.cost, spent: progress.spent, failoverSpent: progress.failoverSpent },
  };
}

/**
 * One page of a campaigns list as the data provider hands it ({data, total, totalPages}). SPEC 4: a reply without a
 * campaigns array is an empty list with one page (the provider gives no rows array then either).
 */
export function campaignListPage(reply: { data?: unknown; total?: unknown; totalPages?: unknown } | undefined): {
  rows: CampaignRecord[];
  total: number;
  totalPages: number;
} {
  if (!reply || !Array.isArray(reply.data)) return { rows: [], total: 0, totalPages: 1 };
  const rows = reply.data as CampaignRecord[];
  const total = typeof reply.total === "number" ? reply.total : rows.length;
  const pages = typeof reply.totalPages === "number" ? reply.totalPages : 1;
  return { rows, total, totalPages: Math.max(1, pages) };
}

/** SPEC 8: the SMS list has its own failure message; every other list says 'Failed to fetch campaigns'. */
export function listFailureMessage(channel: CampaignChannel | "all" | undefined): string {
  return channel === "sms" ? MSG.fetchSmsCampaigns : MSG.fetchCampaigns;
}

/** Messages that left (sent or beyond) and those that reached the phone (delivered or beyond). */
export function sentAndDelivered(c: Pick<CampaignRecord, "counts">): { sent: number; delivered: number } {
  const { sent, delivered, read, replied } = c.counts;
  return { sent: sent + delivered + read + replied, delivered: delivered + read + replied };
}

export interface CampaignTotals {
  campaigns: number;
  sent: number;
  delivered: number;
  /** Delivered over sent, 0-100 (0 when nothing was sent). */
  deliveredPercent: number;
  spent: number;
}

/** The unified page's combined totals over the campaigns it was given. */
export function campaignTotals(rows: readonly CampaignRecord[], campaigns = rows.length): CampaignTotals {
  let sent = 0;
  let delivered = 0;
  let paise = 0;
  for (const r of rows) {
    const s = sentAndDelivered(r);
    sent += s.sent;
    delivered += s.delivered;
    // Sum in paise: rupee fractions added as floats drift off the paisa.
    paise += Math.round(r.cost.spent * 100);
  }
  return {
    campaigns,
    sent,
    delivered,
    deliveredPercent: sent ? Math.round((delivered / sent) * 1000) / 10 : 0,
    spent: paise / 100,
  };
}

export const isCampaignChannel = (v: unknown): v is CampaignChannel =>
  typeof v === "string" && (CAMPAIGN_CHANNELS as readonly string[]).includes(v);
