// The bodies of the events, built from the rows the state changes return: one function per source, so each
// event's shape is written once (contract/domain/webhooks.ts has the types).
import { sql } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import type { CampaignStatus } from "../../../contract/domain/campaigns";
import type { WebhookMessageStatus } from "../../../contract/domain/webhooks";
import type { Db } from "../../db/client";
import type { campaigns } from "../../db/schema";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import type { PublicMessageStateChange } from "../public-api/state-events";
import type { WebhookEventInput } from "./enqueue";
import { webhooksWanted } from "./subscribers";

const iso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : new Date().toISOString());

export function campaignStatusEvent(
  row: typeof campaigns.$inferSelect,
  previous: CampaignStatus | null,
): WebhookEventInput<"campaign.status"> {
  return {
    ownerId: row.userId,
    type: "campaign.status",
    data: {
      campaignId: row.id,
      name: row.name,
      channel: row.channel,
      status: row.status as CampaignStatus,
      previousStatus: previous,
      reason: row.statusReason,
      at: iso(row.updatedAt),
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
export async function recipientStatusEvents(
  db: Db | Tx,
  changes: readonly RecipientChange[],
  channelOf?: (campaignId: string) => CampaignChannel | undefined,
): Promise<WebhookEventInput[]> {
  const wanted = changes.filter((c) => webhooksWanted(c.userId, "message.status"));
  if (wanted.length === 0) return [];
  const known = new Map<string, CampaignChannel>();
  const missing = [...new Set(wanted.map((c) => c.campaignId))].filter((id) => {
    const channel = channelOf?.(id);
    if (channel) known.set(id, channel);
    return !channel;
  });
  if (missing.length > 0) {
    const rows = await rowsOf<{ id: string; channel: CampaignChannel }>(
      db,
      sql`select id, channel from campaigns where id = any(${pgArray(missing)}::uuid[])`,
    );
    for (const r of rows) known.set(r.id, r.channel);
  }
  return wanted.map((c) => ({
    ownerId: c.userId,
    type: "message.status",
    data: {
      source: "campaign",
      messageId: c.recipientId,
      campaignId: c.campaignId,
      channel: known.get(c.campaignId) ?? "sms",
      to: c.number,
      status: c.status,
      ...(c.status === "failed" ? { error: { code: c.code ?? null, reason: c.reason ?? null } } : {}),
      at: iso(c.at),
    },
  }));
}

const PUBLIC_STATES = new Set<string>(["sent", "delivered", "read", "failed"]);

/**
 * `message.status` events of public-API messages, from the state changes of one transaction. `queued`, `sending` and
 * `unknown` are no state a webhook reports. A step that failed with a fallback left is followed, in the same changes,
 * by the next step queued: the message did not fail (it goes on by the next channel), so that `failed` is not sent
 * either; the next channel's own states follow.
 */
export function publicMessageStatusEvents(
  changes: readonly PublicMessageStateChange[],
): WebhookEventInput<"message.status">[] {
  return changes.flatMap((c, i) => {
    if (!PUBLIC_STATES.has(c.state) || !webhooksWanted(c.userId, "message.status")) return [];
    if (c.state === "failed" && changes.slice(i + 1).some((n) => n.messageId === c.messageId && n.state === "queued"))
      return [];
    return [
      {
        ownerId: c.userId,
        type: "message.status" as const,
        data: {
          source: "api" as const,
          messageId: c.messageId,
          channel: c.channel,
          to: c.to,
          status: c.state as WebhookMessageStatus,
          ...(c.reference ? { reference: c.reference } : {}),
          ...(c.state === "failed" ? { error: { code: c.code, reason: c.reason } } : {}),
          at: iso(c.at),
        },
      },
    ];
  });
}
