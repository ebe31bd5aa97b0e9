import { inArray } from "drizzle-orm";
import type { CampaignSplitRecord, SplitVariantRecord } from "../../../contract/calls";
import type { RecipientCounts } from "../../../contract/domain/campaigns";
import {
  rateOf,
  significanceNote,
  VARIANT_LABELS,
  WINNER_METRICS,
  type VariantFigures,
  type WinnerMetric,
} from "../../../contract/domain/splits";
import type { Db } from "../../db/client";
import { campaigns } from "../../db/schema";
import type { CampaignRow } from "../campaigns/reach";
import { countsOf, emptyCounts } from "../campaigns/records";
import { conversionsOf } from "../conversions/report";
import { linkClicksOf } from "../links/report";
import type { SplitRow } from "./reach";

const HOUR_MS = 3_600_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A variant's figures from the campaign's rollup (a recipient is counted in its latest state, so delivered takes in
 * read and replied), its clickers (people, not previews) and its converters.
 */
export async function figuresOf(db: Db, campaignId: string, counts: RecipientCounts): Promise<VariantFigures> {
  const [links, conversions] = await Promise.all([linkClicksOf(db, campaignId), conversionsOf(db, campaignId)]);
  const delivered = counts.delivered + counts.read + counts.replied;
  return {
    sent: counts.sent + delivered + counts.failed + counts.unknown,
    delivered,
    replied: counts.replied,
    clicked: links.clickers,
    converted: conversions.converters,
  };
}

const ratesOf = (figures: VariantFigures) =>
  Object.fromEntries(WINNER_METRICS.map((m) => [m, rateOf(figures, m)])) as Record<WinnerMetric, number>;

function variantRecord(
  label: string,
  row: CampaignRow,
  sizePercent: number,
  sendAt: string | null,
  counts: RecipientCounts,
  figures: VariantFigures,
): SplitVariantRecord {
  return {
    label,
    campaignId: row.id,
    campaignName: row.name,
    channel: row.channel,
    status: row.status,
    statusReason: row.statusReason,
    templateName: row.templateName,
    senderLabel: row.senderLabel,
    sizePercent,
    sendAt,
    recipients: Object.entries(counts).reduce((sum, [state, n]) => (state === "failedOver" ? sum : sum + n), 0),
    figures: { ...figures, rates: ratesOf(figures) },
  };
}

/** When the winner is chosen: decide-after hours past the last variant's start; null while one has not started. */
export function decideAtOf(split: SplitRow, variants: readonly CampaignRow[]): Date | null {
  if (variants.length === 0 || variants.some((v) => !v.startedAt)) return null;
  const last = Math.max(...variants.map((v) => (v.startedAt as Date).getTime()));
  return new Date(last + split.decideAfterHours * HOUR_MS);
}

/** The variant campaigns of each split, in variant order, and its remainder campaign. */
export async function splitCampaigns(
  db: Db,
  splits: readonly SplitRow[],
): Promise<Map<string, { variants: CampaignRow[]; remainder: CampaignRow | null }>> {
  const ids = splits.flatMap((s) => [
    ...s.variants.map((v) => v.campaignId),
    ...(s.remainderCampaignId ? [s.remainderCampaignId] : []),
  ]);
  const rows = ids.length ? await db.select().from(campaigns).where(inArray(campaigns.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(
    splits.map((s) => [
      s.id,
      {
        variants: s.variants.map((v) => byId.get(v.campaignId)).filter((r): r is CampaignRow => r !== undefined),
        remainder: s.remainderCampaignId ? (byId.get(s.remainderCampaignId) ?? null) : null,
      },
    ]),
  );
}

/** The records of splits, each with its variants' comparison and significance note. */
export async function toSplitRecords(db: Db, splits: readonly SplitRow[]): Promise<CampaignSplitRecord[]> {
  const groups = await splitCampaigns(db, splits);
  const all = [...groups.values()].flatMap((g) => [...g.variants, ...(g.remainder ? [g.remainder] : [])]);
  const counts = await countsOf(
    db,
    all.map((r) => r.id),
  );
  const records: CampaignSplitRecord[] = [];
  for (const split of splits) {
    const group = groups.get(split.id) ?? { variants: [], remainder: null };
    const variants: SplitVariantRecord[] = [];
    const figures: VariantFigures[] = [];
    for (const [i, row] of group.variants.entries()) {
      const c = counts.get(row.id) ?? emptyCounts();
      const f = await figuresOf(db, row.id, c);
      figures.push(f);
      const meta = split.variants[i];
      variants.push(variantRecord(VARIANT_LABELS[i], row, meta.sizePercent, meta.sendAt, c, f));
    }
    let remainder: SplitVariantRecord | null = null;
    if (group.remainder) {
      const c = counts.get(group.remainder.id) ?? emptyCounts();
      const f = await figuresOf(db, group.remainder.id, c);
      remainder = variantRecord("Winner", group.remainder, 100 - split.testSharePercent, null, c, f);
    }
    records.push({
      id: split.id,
      name: split.name,
      status: split.status,
      statusReason: split.statusReason,
      source: { kind: split.sourceKind, segmentId: split.segmentId },
      testSharePercent: split.testSharePercent,
      metric: split.metric,
      decideAfterHours: split.decideAfterHours,
      decideAt: iso(decideAtOf(split, group.variants)),
      decidedAt: iso(split.decidedAt),
      winnerVariant: split.winnerVariant,
      winnerReason: split.winnerReason,
      variants,
      remainder,
      significance: significanceNote(figures, split.metric),
      createdAt: split.createdAt.toISOString(),
    });
  }
  return records;
}
