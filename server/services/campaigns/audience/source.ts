import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { campaignRecipients, campaignRejectedRows, smsTemplates } from "../../../db/schema";
import type { Storage } from "../../../storage";
import type { CampaignRow } from "../reach";
import { SEGMENT_AUDIENCE_MESSAGES, segmentRows } from "../../segments/audience";
import { ByteCounter, csvRows, pastedRows, xlsxRows, type RowBatches } from "./rows";

/** Why an audience cannot be used: the campaign fails with this reason and keeps no recipient. */
export class AudienceError extends Error {}

export const INGEST_REASONS = {
  empty: "The audience is empty",
  headerOnly: "The file has a header row but no numbers under it",
  noPhoneColumn:
    "No phone number column found: name a column phone, mobile or number, or put the numbers in the first column",
  junk: "The file is not a readable CSV or Excel file",
  noValid: "No valid phone numbers in the audience",
  missingFile: "The audience file is missing from storage",
  tooMany: (max: number) => `The audience has more than ${max.toLocaleString("en-IN")} rows`,
  missingColumns: (names: readonly string[]) =>
    `The file has no column ${names.map((n) => `"${n}"`).join(", ")} used by the variables`,
} as const;

export interface Source {
  rows: RowBatches;
  bytes: () => number;
}

export async function openSource(db: Db, storage: Storage, campaign: CampaignRow): Promise<Source> {
  if (campaign.sourceKind === "segment") {
    // A segment is read as a file with a header row; its "bytes" are contacts (its total is their count at create).
    const progress = { bytes: 0 };
    const rows = await segmentRows(db, campaign.segmentId, progress);
    if (!rows) throw new AudienceError(SEGMENT_AUDIENCE_MESSAGES.deleted);
    return { rows, bytes: () => Math.min(progress.bytes, campaign.totalBytes) };
  }
  if (campaign.sourceKind === "paste") {
    const progress = { bytes: 0 };
    return {
      rows: pastedRows(campaign.pasted ?? "", progress),
      bytes: () => Math.min(progress.bytes, campaign.totalBytes),
    };
  }
  const stream = campaign.sourceKey ? await storage.get(campaign.sourceKey) : null;
  if (!stream) throw new AudienceError(INGEST_REASONS.missingFile);
  const counter = new ByteCounter(campaign.sourceKind === "csv");
  return {
    rows: campaign.sourceKind === "xlsx" ? xlsxRows(stream, counter) : csvRows(stream, counter),
    bytes: () => counter.bytes,
  };
}

/** The body of the SMS a campaign sends: its own template on SMS, its failover's on WhatsApp and RCS. */
export async function smsBodyOf(db: Db, campaign: CampaignRow): Promise<string | undefined> {
  const id = campaign.channel === "sms" ? campaign.templateId : campaign.failover?.smsTemplateId;
  if (!id) return undefined;
  const [template] = await db.select({ body: smsTemplates.body }).from(smsTemplates).where(eq(smsTemplates.id, id));
  return template?.body;
}

export async function clearAudience(db: Db, campaignId: string): Promise<void> {
  await db.delete(campaignRecipients).where(eq(campaignRecipients.campaignId, campaignId));
  await db.delete(campaignRejectedRows).where(eq(campaignRejectedRows.campaignId, campaignId));
}
