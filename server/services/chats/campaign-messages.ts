// The campaign message a customer answered, as its thread shows it. The chat row only points at the recipient: the
// text is rendered from the campaign's template and the recipient's values exactly as the dispatcher built the send,
// and the ticks are the recipient's current state, so receipts that reach the campaign show here too. A tracked
// campaign's message shows its short links as sent, each with the URL it opens.
import { eq, inArray } from "drizzle-orm";
import type { ChatDeliveryState } from "../../../contract/domain/chats";
import type { Db } from "../../db/client";
import { campaignRecipients, campaigns } from "../../db/schema";
import { loadDispatchCampaign } from "../campaigns/dispatch-campaign";
import { sentText } from "../campaigns/dispatch-content";
import { sentValues } from "../links/tracked";
import { toChatMessageRecord, type ChatMessageOut, type ChatMessageRow } from "./records";

interface SentRecipient {
  state: string;
  variables: string[] | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  failedAt: Date | null;
}

/** The ticks of a campaign message: what the recipient's receipts said, furthest first. */
export function ticksOf(r: SentRecipient): ChatDeliveryState {
  if (r.state === "failed" || (r.failedAt && !r.deliveredAt)) return "failed";
  if (r.state === "read" || r.readAt) return "read";
  if (r.state === "delivered" || r.deliveredAt) return "delivered";
  return "sent";
}

/**
 * Records of a page of rows: campaign messages rendered (one read of their recipients and campaigns), others as stored.
 * `linkKey`: the key tracked campaigns' short links were made with (links/code.ts).
 */
export async function chatMessageRecords(
  db: Db,
  rows: readonly ChatMessageRow[],
  linkKey: Buffer,
): Promise<ChatMessageOut[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.recipientId === null ? [] : [r.recipientId])))];
  if (ids.length === 0) return rows.map(toChatMessageRecord);
  const recipients = await db
    .select({
      id: campaignRecipients.id,
      campaignId: campaignRecipients.campaignId,
      state: campaignRecipients.state,
      variables: campaignRecipients.variables,
      deliveredAt: campaignRecipients.deliveredAt,
      readAt: campaignRecipients.readAt,
      failedAt: campaignRecipients.failedAt,
      campaignName: campaigns.name,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(inArray(campaignRecipients.id, ids));
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const loaded = new Map<string, Awaited<ReturnType<typeof loadDispatchCampaign>>>();
  for (const campaignId of new Set(recipients.map((r) => r.campaignId)))
    loaded.set(campaignId, await loadDispatchCampaign(db, campaignId, undefined, linkKey));
  return rows.map((row) => {
    const record = toChatMessageRecord(row);
    const r = row.recipientId === null ? undefined : byId.get(row.recipientId);
    if (row.recipientId === null) return record;
    if (!r) return { ...record, status: null };
    const campaign = loaded.get(r.campaignId);
    const template = campaign?.template;
    const sent = campaign ? sentValues(campaign.variables, r, campaign.links) : undefined;
    return {
      ...record,
      text: sent && template ? sentText(template, sent.values) : "",
      ...(sent && sent.links.length > 0 ? { links: sent.links } : {}),
      templateName: template?.channel === "whatsapp" ? template.name : null,
      authorName: r.campaignName,
      status: ticksOf(r),
    };
  });
}
