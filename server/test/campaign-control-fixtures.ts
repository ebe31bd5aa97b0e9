import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { CampaignStatus } from "../../contract/domain/campaigns";
import { emptyRcsDraft } from "../../contract/domain/rcs";
import type { SmsCategory } from "../../contract/domain/sms";
import type { WaTemplateCategory, WaTemplateStatus } from "../../contract/domain/whatsapp-template";
import type { Db } from "../db/client";
import {
  balanceLedger,
  campaignRecipients,
  campaigns,
  rcsBots,
  rcsTemplates,
  smsAccounts,
  smsTemplates,
  users,
  wabas,
  whatsappTemplates,
  type CampaignFailover,
} from "../db/schema";

// Campaigns and recipients written straight into the tables: create and ingest are another part of the product,
// and the control calls only need a ready campaign with its channel account and template.

export const numberAt = (i: number) => `+9198${String(i).padStart(8, "0")}`;

export interface SmsSetup {
  body?: string;
  category?: SmsCategory;
  senderId?: string;
  dltTemplateId?: string;
  dltEntityId?: string;
  senderIds?: string[];
  isActive?: boolean;
}

export async function smsSetup(
  db: Db,
  ownerId: string,
  opts: SmsSetup = {},
): Promise<{ accountId: string; templateId: string }> {
  const [account] = await db
    .insert(smsAccounts)
    .values({
      userId: ownerId,
      name: `Account ${randomUUID().slice(0, 6)}`,
      provider: "Sandbox",
      isActive: opts.isActive ?? true,
      dltEntityId: opts.dltEntityId ?? "1201159100000000099",
      senderIds: opts.senderIds ?? ["ACMEOT"],
    })
    .returning();
  const [template] = await db
    .insert(smsTemplates)
    .values({
      smsAccountId: account.id,
      name: `SMS ${randomUUID().slice(0, 6)}`,
      body: opts.body ?? "Your order has shipped.",
      category: opts.category ?? "transactional",
      senderId: opts.senderId ?? "ACMEOT",
      dltTemplateId: opts.dltTemplateId ?? "1107161111111111199",
    })
    .returning();
  return { accountId: account.id, templateId: template.id };
}

export async function whatsappSetup(
  db: Db,
  ownerId: string,
  category: WaTemplateCategory = "MARKETING",
  status: WaTemplateStatus = "APPROVED",
) {
  const wabaId = `waba-${randomUUID()}`;
  await db.insert(wabas).values({ userId: ownerId, wabaId, name: "Test WABA" });
  const [template] = await db
    .insert(whatsappTemplates)
    .values({
      userId: ownerId,
      wabaId,
      name: `wa_${randomUUID().slice(0, 8)}`,
      language: "en",
      category,
      requestedCategory: category,
      status,
      components: [{ type: "BODY", text: "Hello" }],
      providerTemplateId: randomUUID(),
      submittedAt: new Date(),
    })
    .returning();
  return { wabaId, templateId: template.id };
}

export async function rcsSetup(db: Db, ownerId: string, status = "ACTIVE") {
  const [bot] = await db
    .insert(rcsBots)
    .values({ userId: ownerId, name: `Bot ${randomUUID().slice(0, 6)}` })
    .returning();
  const [template] = await db
    .insert(rcsTemplates)
    .values({
      userId: ownerId,
      botId: bot.id,
      name: `rcs ${randomUUID().slice(0, 6)}`,
      type: "text",
      draft: { ...emptyRcsDraft(bot.id), textMessageContent: "Hi" },
      status,
    })
    .returning();
  return { botId: bot.id, templateId: template.id };
}

export interface CampaignFixture {
  ownerId: string;
  channel: "rcs" | "sms" | "whatsapp";
  templateId: string;
  recipients: number;
  status?: CampaignStatus;
  botId?: string;
  smsAccountId?: string;
  wabaId?: string;
  variables?: string[];
  failover?: CampaignFailover | null;
  /** Offset of the first number (numberAt), so campaigns can share or avoid numbers. */
  firstNumber?: number;
  /**
   * Recipients already out with a worker (`sending`, leased for an hour): the dispatcher has nothing to claim in a
   * running campaign, so it stays running until the test acts on it (with queued recipients and no hold it pauses).
   */
  outWithAWorker?: boolean;
}

/**
 * The campaign is written as a draft and given its status only once its recipients are in: the dispatcher sees a
 * running campaign with no recipients as finished and completes it (on PostgreSQL it did so between the two inserts).
 */
export async function insertCampaign(db: Db, f: CampaignFixture): Promise<string> {
  const [row] = await db
    .insert(campaigns)
    .values({
      userId: f.ownerId,
      createdBy: f.ownerId,
      channel: f.channel,
      name: `Campaign ${randomUUID().slice(0, 6)}`,
      status: "draft",
      templateId: f.templateId,
      templateName: "t",
      botId: f.botId,
      smsAccountId: f.smsAccountId,
      wabaId: f.wabaId,
      variables: f.variables ?? [],
      failover: f.failover ?? null,
      sourceKind: "paste",
      validCount: f.recipients,
    })
    .returning({ id: campaigns.id });
  const first = f.firstNumber ?? 0;
  for (let start = 0; start < f.recipients; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, f.recipients - start) }, (_, i) => ({
      campaignId: row.id,
      userId: f.ownerId,
      row: start + i + 2,
      number: numberAt(first + start + i),
      ...(f.outWithAWorker ? { state: "sending" as const, leaseUntil: new Date(Date.now() + 3_600_000) } : {}),
    }));
    await db.insert(campaignRecipients).values(batch);
  }
  await db
    .update(campaigns)
    .set({ status: f.status ?? "ready" })
    .where(eq(campaigns.id, row.id));
  return row.id;
}

export { setBalance } from "./campaign-fixtures";

/**
 * Everything a refused request must leave as it was: the owner's balance and ledger, the campaign and its recipients.
 */
export async function moneySnapshot(db: Db, userId: string, campaignId: string) {
  const [owner] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return {
    balance: owner.balance,
    ledger: await db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId)).orderBy(balanceLedger.id),
    campaign: await db.select().from(campaigns).where(eq(campaigns.id, campaignId)),
    recipients: await db
      .select()
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, campaignId))
      .orderBy(campaignRecipients.id),
  };
}
