import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { campaignRecipients, campaigns, inboundMessages } from "../db/schema";
import type { CampaignStatus, RecipientState } from "../../contract/domain/campaigns";

// Campaigns and recipients written straight into the tables: the reads are tested apart from create and sending.

type CampaignInsert = typeof campaigns.$inferInsert;
type RecipientInsert = typeof campaignRecipients.$inferInsert;

export async function insertCampaign(
  db: Db,
  fields: Partial<CampaignInsert> & { userId: string; channel: "rcs" | "sms" | "whatsapp"; status?: CampaignStatus },
): Promise<string> {
  const [row] = await db
    .insert(campaigns)
    .values({
      name: `Campaign ${randomUUID().slice(0, 8)}`,
      templateId: randomUUID(),
      templateName: "welcome_offer",
      senderLabel: "Acme",
      sourceKind: "paste",
      createdBy: fields.userId,
      ...fields,
    })
    .returning({ id: campaigns.id });
  return row.id;
}

export interface RecipientSpec {
  number: string;
  state?: RecipientState;
  reason?: string | null;
  code?: string | null;
  costPaise?: number;
  sentAt?: Date;
  deliveredAt?: Date;
  readAt?: Date;
  repliedAt?: Date;
  failedAt?: Date;
}

/** Recipients in the given order (row 1, 2, …); answers their ids. */
export async function insertRecipients(
  db: Db,
  campaignId: string,
  userId: string,
  specs: readonly RecipientSpec[],
): Promise<number[]> {
  const values: RecipientInsert[] = specs.map((s, i) => ({
    campaignId,
    userId,
    row: i + 1,
    variables: [],
    state: "queued",
    ...s,
  }));
  const rows = await db.insert(campaignRecipients).values(values).returning({ id: campaignRecipients.id });
  return rows.map((r) => r.id);
}

export async function insertReply(
  db: Db,
  fields: {
    userId: string;
    campaignId: string;
    recipientId: number;
    from: string;
    text: string;
    receivedAt: Date;
    channel?: string;
  },
): Promise<void> {
  await db.insert(inboundMessages).values({ channel: "sms", to: "sender", ...fields });
}
