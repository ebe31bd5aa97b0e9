// The bodies of the events, built from the rows the state changes return: one function per source, so each
// event's shape is written once (contract/domain/webhooks.ts has the types).
import { sql } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import type { CampaignStatus } from "../../../contract/domain/campaigns";
import type { WebhookMessageStatus } from "../../../contract/domain/webhooks";
import type { Db } from "../../db/client";
import type { campaigns } from "../../db/schema";
import { pgArray, rowsOf } from "../campaigns/dispatch-sql";
import type { Tx } from "../ledger";
import type { WebhookEventInput } from "./enqueue";
import { webhooksWanted } from "./subscribers";

const iso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : new Date().toISOString());

export function campaignStatusEvent(row: typeof campaigns.$inferSelect, previous: CampaignStatus | null): WebhookEventInput<"campaign.status"> {
  return {
    ownerId: row.userId,
    type: "campaign.status",
    data: {
      campaignId: row.id, name: row.name, channel: row.channel, status: row.status as CampaignStatus, previousStatus: previous,
      reason: row.statusReason, at: iso(row.updatedAt),
    },
  };
}

/** A campaign recipient whose state changed, as the statements that change it return it. */
export interface RecipientChange {
  recipientId: string;
  userId: string;
  campaignId: string;
  number: string;
  status: WebhookMessageStatus;
  code?: string | null;
  reason?: string | null;
  at?: Date | string | null;
}

/**
 * `message.status` events of campaign recipients. The channel is the campaign's: read once per campaign of the
 * batch, and only for the accounts that want the events.
 */
export async function recipientStatusEvents(db: Db | Tx, changes: readonly RecipientChange[], channelOf?: (campaignId: string) => CampaignChannel | undefined): Promise<WebhookEventInput[]> {
  const wanted = changes.filter((c) => webhooksWanted(c.userId, "message.status"));
  if (wanted.length === 0) return [];
  const known = new Map<string, CampaignChannel>();
  const missing = [...new Set(wanted.map((c) => c.campaignId))].filter((id) => {
    const channel = channelOf?.(id);
    if (channel) known.set(id, channel);
    return !channel;
  });
  if (missing.length > 0) {
    const rows = await rowsOf<{ id: string; channel: CampaignChannel }>(db, sql`select id, channel from campaigns where id = any(${pgArray(missing)}::uuid[])`);
    for (const r of rows) known.set(r.id, r.channel);
  }
  return wanted.map((c) => ({
    ownerId: c.userId,
    type: "message.status",
    data: {
      source: "campaign", messageId: c.recipientId, campaignId: c.campaignId, channel: known.get(c.campaignId) ?? "sms", to: c.number, status: c.status,
      ...(c.status === "failed" ? { error: { code: c.code ?? null, reason: c.reason ?? null } } : {}),
      at: iso(c.at),
    },
  }));
}
