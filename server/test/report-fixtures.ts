import { expect } from "vitest";
import { eq } from "drizzle-orm";
import type { ReportRecord } from "../../contract/calls";
import { REPORT_GENERATION_JOB } from "../jobs/report-generation";
import { campaignRecipients, reports } from "../db/schema";
import { insertCampaign, insertRecipients, insertReply } from "./campaign-read-fixtures";
import type { DemoName, TestServer } from "./harness";

// Campaigns of March 2024 for the report tests: far from the demo seed's recent campaigns, so a report of that month
// holds only what a test put there.

export const MARCH = { from: "2024-03-01", to: "2024-03-31" };
const at = (iso: string) => new Date(iso);

export interface ReportFixtures {
  /** The manager's WhatsApp campaign: seven recipients in every state, a reply that starts with "=". */
  whatsapp: string;
  /** The manager's SMS campaign: three recipients. */
  sms: string;
  /** The manager's RCS campaign of April: outside March. */
  april: string;
  /** Priya's (the manager's sub-user) SMS campaign: two recipients. */
  priya: string;
  /** The user's (another organization) RCS campaign: one recipient. */
  user: string;
}

export const EVIL_NAME = '=HYPERLINK("http://x","Diwali")';
export const EVIL_REPLY = "=cmd|' /C calc'!A0";

export async function seedReportCampaigns(s: TestServer): Promise<ReportFixtures> {
  const { db } = s.database;
  const manager = await s.id("manager");
  const priya = await s.id("priya");
  const user = await s.id("user");
  const sent = at("2024-03-10T10:00:00Z");
  const whatsapp = await insertCampaign(db, {
    userId: manager,
    channel: "whatsapp",
    name: EVIL_NAME,
    status: "completed",
    createdAt: at("2024-03-10T09:00:00Z"),
    spentPaise: 565,
  });
  const ids = await insertRecipients(db, whatsapp, manager, [
    { number: "+919800000001", state: "sent", sentAt: sent, costPaise: 90 },
    {
      number: "+919800000002",
      state: "delivered",
      sentAt: sent,
      deliveredAt: at("2024-03-10T10:00:05Z"),
      costPaise: 90,
    },
    {
      number: "+919800000003",
      state: "read",
      sentAt: sent,
      deliveredAt: sent,
      readAt: at("2024-03-10T10:01:00Z"),
      costPaise: 90,
    },
    {
      number: "+919800000004",
      state: "replied",
      sentAt: sent,
      deliveredAt: sent,
      readAt: sent,
      repliedAt: at("2024-03-10T10:02:00Z"),
      costPaise: 90,
    },
    {
      number: "+919800000005",
      state: "failed",
      reason: "Message undeliverable",
      code: "131026",
      sentAt: sent,
      failedAt: at("2024-03-10T10:00:09Z"),
      costPaise: 90,
    },
    {
      number: "+919800000006",
      state: "failed",
      reason: "Message undeliverable",
      code: "131026",
      failedAt: sent,
      costPaise: 90,
    },
    { number: "+919800000007", state: "queued" },
  ]);
  // Refused by WhatsApp at submit, its SMS failover delivered: a message of its own, ₹0.25.
  await db
    .update(campaignRecipients)
    .set({
      failedOver: true,
      failoverState: "sent",
      failoverCostPaise: 25,
      failoverSentAt: at("2024-03-10T10:00:01Z"),
      failoverDeliveredAt: at("2024-03-10T10:00:04Z"),
    })
    .where(eq(campaignRecipients.id, ids[5]));
  await insertReply(db, {
    userId: manager,
    campaignId: whatsapp,
    recipientId: ids[3],
    from: "+919800000004",
    text: EVIL_REPLY,
    receivedAt: at("2024-03-10T10:02:00Z"),
    channel: "whatsapp",
  });

  const sms = await insertCampaign(db, {
    userId: manager,
    channel: "sms",
    name: "March SMS",
    status: "completed",
    createdAt: at("2024-03-12T09:00:00Z"),
    spentPaise: 75,
  });
  await insertRecipients(db, sms, manager, [
    { number: "+919811000001", state: "delivered", sentAt: sent, deliveredAt: sent, costPaise: 25 },
    { number: "+919811000002", state: "replied", sentAt: sent, deliveredAt: sent, repliedAt: sent, costPaise: 25 },
    {
      number: "+919811000003",
      state: "failed",
      reason: "stat:UNDELIV err:001 unknown subscriber",
      failedAt: sent,
      costPaise: 25,
    },
  ]);
  const april = await insertCampaign(db, {
    userId: manager,
    channel: "rcs",
    name: "April RCS",
    status: "completed",
    createdAt: at("2024-04-02T09:00:00Z"),
  });
  await insertRecipients(db, april, manager, [
    { number: "+919822000001", state: "delivered", sentAt: sent, deliveredAt: sent },
  ]);
  const priyaCampaign = await insertCampaign(db, {
    userId: priya,
    channel: "sms",
    name: "Priya March",
    status: "completed",
    createdAt: at("2024-03-15T09:00:00Z"),
  });
  await insertRecipients(db, priyaCampaign, priya, [
    { number: "+919833000001", state: "delivered", sentAt: sent, deliveredAt: sent },
    { number: "+919833000002", state: "sent", sentAt: sent },
  ]);
  const userCampaign = await insertCampaign(db, {
    userId: user,
    channel: "rcs",
    name: "User March",
    status: "completed",
    createdAt: at("2024-03-05T09:00:00Z"),
  });
  await insertRecipients(db, userCampaign, user, [
    { number: "+919844000001", state: "read", sentAt: sent, deliveredAt: sent, readAt: sent },
  ]);
  return { whatsapp, sms, april, priya: priyaCampaign, user: userCampaign };
}

export interface GenerateInput {
  from?: string;
  to?: string;
  channel?: string;
  campaignId?: string;
  detailed?: boolean;
  format?: string;
}

export function generateUrl({
  from = MARCH.from,
  to = MARCH.to,
  channel = "all",
  campaignId = "all",
  detailed,
  format,
}: GenerateInput): string {
  const query = new URLSearchParams();
  if (detailed !== undefined) query.set("detailedCampaignReport", String(detailed));
  if (format) query.set("format", format);
  return `/api/v1/reports/generate/${from}/${to}/${channel}/${campaignId}${query.size ? `?${query}` : ""}`;
}

export async function generate(s: TestServer, as: DemoName, input: GenerateInput): Promise<ReportRecord> {
  const res = await s.call({ method: "POST", url: generateUrl(input), as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as ReportRecord;
}

/** Runs the report job until the report has left queued and running. */
export async function settle(s: TestServer, id: string): Promise<typeof reports.$inferSelect> {
  const job = s.app.jobs.get(REPORT_GENERATION_JOB);
  if (!job) throw new Error("the report job is not running");
  for (let i = 0; i < 50; i += 1) {
    const [row] = await s.database.db.select().from(reports).where(eq(reports.id, id));
    if (!row || (row.status !== "queued" && row.status !== "running")) return row;
    await job.tick();
  }
  throw new Error(`report ${id} did not finish`);
}

export async function reportCount(s: TestServer): Promise<number> {
  return (await s.database.db.select({ id: reports.id }).from(reports)).length;
}
