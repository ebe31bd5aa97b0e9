import { and, eq, sql } from "drizzle-orm";
import { DEFAULT_RATES_PAISE, type CampaignStatus, type RecipientState } from "../contract/domain/campaigns";
import { SETTLEMENT_WINDOW_MS } from "../contract/domain/charging";
import type { Db } from "./db/client";
import { holdForCampaign, releaseHold, settle } from "./services/campaigns/money";
import { libraryTemplate } from "./services/template-library";
import {
  campaigns,
  inboundMessages,
  rcsBots,
  rcsTemplates,
  smsAccounts,
  smsTemplates,
  suppressions,
  consentEvents,
  wabas,
  whatsappTemplates,
} from "./db/schema";

// Demo campaigns on a fresh install, so the campaign lists and reports are not empty: for the manager a completed
// campaign on each channel with a realistic funnel (states, reasons, times over the last days, replies incl. a
// STOP and its suppression), a paused one with its reason and a ready one, and a completed SMS campaign its department
// head created; for the user one completed RCS campaign.
// Their money went through the ledger as a real run's would have: the estimate held at start, each message settled
// against the hold, and at completion the rest released; the paused one still holds its estimate (part of it spent),
// the ready one nothing. The ledger rows carry the campaigns' times, written oldest first, so balance_after chains;
// seed.ts credits each owner's opening balance before them (planDemoCampaigns says how much they take).
// Recipients are one multi-row statement per campaign (STACK 8).

type Channel = "rcs" | "sms" | "whatsapp";
interface Plan {
  owner: string;
  /** Who created it, when not the owner (a department head creates SMS campaigns for its organization). */
  createdBy?: string;
  channel: Channel;
  name: string;
  status: CampaignStatus;
  statusReason?: string;
  templateId: string;
  templateName: string;
  botId?: string;
  smsAccountId?: string;
  wabaId?: string;
  sender?: string;
  senderLabel: string;
  rate: number;
  recipients: number;
  /** Days before now the campaign started (and was created a little earlier). */
  daysAgo: number;
}

const FAILURES: Record<Channel, [string, string][]> = {
  whatsapp: [
    ["Message undeliverable: the number is not on WhatsApp", "131026"],
    ["Re-engagement message outside the 24-hour window", "131047"],
  ],
  sms: [
    ["Number on the DND registry", "DND"],
    ["Handset unreachable", "UNDELIV"],
  ],
  rcs: [
    ["Device not RCS capable", "NOT_RCS"],
    ["Message expired before delivery", "EXPIRED"],
  ],
};
const REPLIES = ["Yes, interested", "Please call me", "STOP"];

/** The i-th recipient of a finished funnel: 10 % failed, 15 % sent, 25 % delivered, 38 % read, the rest replied. */
function finalState(i: number, n: number): RecipientState {
  const f = i / n;
  if (f < 0.1) return "failed";
  if (f < 0.25) return "sent";
  if (f < 0.5) return "delivered";
  if (f < 0.88) return "read";
  return "replied";
}

interface RecipientSeed {
  row: number;
  number: string;
  state: RecipientState;
  reason: string | null;
  code: string | null;
  cost_paise: number;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  replied_at: string | null;
  failed_at: string | null;
}

/**
 * Whether a seeded message carries its charge, by the rule the product bills with (contract/domain/charging.ts):
 * SMS when submitted (a refusal at submit is not); WhatsApp and RCS only when delivered, or still within the
 * settlement cut-off with no receipt yet.
 */
function billed(plan: Plan, state: RecipientState, sentAt: number | null, refused: boolean): boolean {
  if (sentAt === null || refused) return false;
  if (plan.channel === "sms") return true;
  if (state === "failed") return false;
  // Six hours inside the cut-off, so a freshly seeded demo's balances do not move while it is being looked at.
  return state !== "sent" || sentAt > Date.now() - SETTLEMENT_WINDOW_MS + 6 * 3_600_000;
}

function recipientsOf(plan: Plan, start: number, index: number): RecipientSeed[] {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return Array.from({ length: plan.recipients }, (_, i) => {
    // Paused: the first 60 % went out; ready: nothing yet.
    const sentOut = plan.status === "completed" || (plan.status === "paused" && i < plan.recipients * 0.6);
    const state: RecipientState = sentOut ? finalState((i * 7) % plan.recipients, plan.recipients) : "queued";
    const sent = sentOut ? start + i * 3000 : null;
    const step = (k: number) => (sent === null ? null : sent + k * (20_000 + ((i * 37) % 40) * 1000));
    const failed = state === "failed";
    const [reason, code] = failed ? FAILURES[plan.channel][i % 2] : [null, null];
    const reached = (s: RecipientState[]) => s.includes(state);
    return {
      row: i + 1,
      number: `+9198${String(20000000 + index * 1000 + i * 13).padStart(8, "0")}`,
      state,
      reason,
      code,
      cost_paise: billed(plan, state, sent, failed && i % 2 === 0) ? plan.rate : 0,
      sent_at: failed && i % 2 === 0 ? null : iso(sent),
      delivered_at: reached(["delivered", "read", "replied"]) ? iso(step(1)) : null,
      read_at: reached(["read", "replied"]) ? iso(step(4)) : null,
      replied_at: state === "replied" ? iso(step(12)) : null,
      failed_at: failed ? iso(step(1)) : null,
    };
  });
}

/** A planned demo campaign: its recipients and what it takes from its owner's balance in the end. */
export interface DemoCampaign {
  plan: Plan;
  start: number;
  rows: RecipientSeed[];
  /** Paise out of the owner's balance once seeded: what it spent (completed) or still holds (paused). */
  takes: number;
}

const estimateOf = (plan: Plan) => plan.recipients * plan.rate;

function planned(plan: Plan, index: number, now: number): DemoCampaign {
  const start = now - plan.daysAgo * 86_400_000;
  const rows = recipientsOf(plan, start, index);
  const spent = rows.reduce((sum, r) => sum + r.cost_paise, 0);
  const takes = plan.status === "completed" ? spent : plan.status === "paused" ? estimateOf(plan) : 0;
  return { plan, start, rows, takes };
}

async function insertCampaign(db: Db, { plan, start, rows }: DemoCampaign): Promise<void> {
  const spent = rows.reduce((sum, r) => sum + r.cost_paise, 0);
  const last = Math.max(
    start,
    ...rows
      .flatMap((r) => [r.sent_at, r.delivered_at, r.read_at, r.replied_at, r.failed_at])
      .filter((t): t is string => t !== null)
      .map((t) => Date.parse(t)),
  );
  const started = plan.status !== "ready";
  await db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        userId: plan.owner,
        createdBy: plan.createdBy ?? plan.owner,
        channel: plan.channel,
        name: plan.name,
        status: plan.status,
        statusReason: plan.statusReason ?? null,
        templateId: plan.templateId,
        templateName: plan.templateName,
        botId: plan.botId,
        smsAccountId: plan.smsAccountId,
        wabaId: plan.wabaId,
        sender: plan.sender,
        senderLabel: plan.senderLabel,
        sourceKind: "csv",
        sourceName: `${plan.name.toLowerCase().replace(/\W+/g, "-")}.csv`,
        rowsRead: plan.recipients + 2,
        validCount: plan.recipients,
        invalidCount: 1,
        duplicateCount: 1,
        estimatedPaise: estimateOf(plan),
        startedAt: started ? new Date(start) : null,
        completedAt: plan.status === "completed" ? new Date(last) : null,
        createdAt: new Date(start - 600_000),
      })
      .returning({ id: campaigns.id, userId: campaigns.userId, name: campaigns.name });
    const result: unknown = await tx.execute(sql`
      insert into campaign_recipients (campaign_id, user_id, row, number, variables, state, reason, code, cost_paise, sent_at, delivered_at, read_at, replied_at, failed_at)
      select ${campaign.id}::uuid, ${plan.owner}::uuid, r.row, r.number, '{}'::text[], r.state, r.reason, r.code, r.cost_paise, r.sent_at, r.delivered_at, r.read_at, r.replied_at, r.failed_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(row int, number text, state text, reason text, code text, cost_paise int,
        sent_at timestamptz, delivered_at timestamptz, read_at timestamptz, replied_at timestamptz, failed_at timestamptz)
      returning id, number, state, replied_at`);
    if (started) {
      // Started by whoever created it, finished by the dispatcher on the owner's behalf, as control.ts and dispatch.ts
      // do.
      await holdForCampaign(tx, campaign, estimateOf(plan), plan.createdBy ?? plan.owner, undefined, new Date(start));
      if (!(await settle(tx, campaign.id, spent))) throw new Error(`demo campaign "${plan.name}" spends past its hold`);
      if (plan.status === "completed") await releaseHold(tx, campaign.id, plan.owner, new Date(last));
    }
    await tx
      .update(campaigns)
      .set({ updatedAt: new Date(last) })
      .where(eq(campaigns.id, campaign.id));
    const replied = (
      result as { rows: { id: number | string; number: string; state: string; replied_at: string | Date | null }[] }
    ).rows.filter((r) => r.state === "replied");
    const replies = replied.slice(0, REPLIES.length).map((r, k) => ({
      userId: plan.owner,
      channel: plan.channel,
      from: r.number,
      to: plan.sender ?? plan.senderLabel,
      text: REPLIES[k],
      campaignId: campaign.id,
      recipientId: Number(r.id),
      receivedAt: new Date(r.replied_at ?? last),
    }));
    if (replies.length) await tx.insert(inboundMessages).values(replies);
    const stop = replies.find((r) => r.text === "STOP");
    if (stop)
      await tx
        .insert(suppressions)
        .values({
          userId: plan.owner,
          number: stop.from,
          reason: `Replied STOP to "${plan.name}"`,
          source: "stop-reply",
          createdAt: stop.receivedAt,
        })
        .onConflictDoNothing();
    // The same STOP in the consent ledger, whose all-channel opt-outs the suppression list shows.
    if (stop)
      await tx.insert(consentEvents).values({
        userId: plan.owner,
        number: stop.from,
        channel: "all",
        purpose: "any",
        status: "opted_out",
        method: "keyword",
        proof: `Replied STOP to "${plan.name}"`,
        createdAt: stop.receivedAt,
      });
  });
}

async function userRcsTemplate(db: Db, userId: string, botId: string): Promise<{ id: string; name: string }[]> {
  const found = await db
    .select({ id: rcsTemplates.id, name: rcsTemplates.name })
    .from(rcsTemplates)
    .where(eq(rcsTemplates.userId, userId))
    .limit(1);
  const sample = libraryTemplate("logistics-out-for-delivery");
  if (found.length || !sample.rcs) return found;
  const draft = { ...sample.rcs, botId, name: "Out for delivery" };
  return db
    .insert(rcsTemplates)
    .values({ userId, botId, name: draft.name, type: draft.type, draft, fromLibrary: true, libraryId: sample.id })
    .returning({ id: rcsTemplates.id, name: rcsTemplates.name });
}

/** The demo campaigns to seed (with the RCS template the user's needs), before any money moves. */
export async function planDemoCampaigns(
  db: Db,
  ids: ReadonlyMap<string, string>,
  now: number,
): Promise<DemoCampaign[]> {
  const manager = ids.get("manager");
  const user = ids.get("user");
  if (!manager || !user) return [];
  const [bot] = await db
    .select({ id: rcsBots.id, name: rcsBots.name })
    .from(rcsBots)
    .where(eq(rcsBots.userId, manager))
    .limit(1);
  const [rcsTemplate] = await db
    .select({ id: rcsTemplates.id, name: rcsTemplates.name })
    .from(rcsTemplates)
    .where(eq(rcsTemplates.userId, manager))
    .limit(1);
  const [sms] = await db
    .select({
      accountId: smsAccounts.id,
      account: smsAccounts.name,
      id: smsTemplates.id,
      name: smsTemplates.name,
      senderId: smsTemplates.senderId,
    })
    .from(smsTemplates)
    .innerJoin(smsAccounts, eq(smsAccounts.id, smsTemplates.smsAccountId))
    .where(and(eq(smsAccounts.userId, manager), eq(smsAccounts.isActive, true)))
    .limit(1);
  const wa = await db
    .select({ id: whatsappTemplates.id, name: whatsappTemplates.name, wabaId: whatsappTemplates.wabaId })
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.userId, manager), eq(whatsappTemplates.status, "APPROVED")));
  const [waba] = await db.select({ name: wabas.name }).from(wabas).where(eq(wabas.userId, manager)).limit(1);
  const [userBot] = await db
    .select({ id: rcsBots.id, name: rcsBots.name })
    .from(rcsBots)
    .where(eq(rcsBots.userId, user))
    .limit(1);
  // The user's pilot needs an RCS template of its own: one made from the library, as a person would.
  const [userTemplate] = userBot ? await userRcsTemplate(db, user, userBot.id) : [];

  const plans: Plan[] = [];
  const waLabel = `${waba?.name ?? "Acme Retail"} · WhatsApp`;
  const festive = wa.find((t) => t.name === "festive_sale") ?? wa[0];
  const utility = wa.find((t) => t.name === "order_shipped") ?? wa[0];
  if (festive) {
    plans.push({
      owner: manager,
      channel: "whatsapp",
      name: "Diwali festive sale",
      status: "completed",
      templateId: festive.id,
      templateName: festive.name,
      wabaId: festive.wabaId,
      senderLabel: waLabel,
      rate: DEFAULT_RATES_PAISE.whatsapp_marketing,
      recipients: 60,
      daysAgo: 6,
    });
    plans.push({
      owner: manager,
      channel: "whatsapp",
      name: "Order shipped notices",
      status: "paused",
      statusReason: "Paused automatically: 24 % of the last 500 messages failed (threshold 20 %)",
      templateId: utility.id,
      templateName: utility.name,
      wabaId: utility.wabaId,
      senderLabel: waLabel,
      rate: DEFAULT_RATES_PAISE.whatsapp_utility,
      recipients: 40,
      daysAgo: 1,
    });
  }
  if (sms) {
    const label = `${sms.account} · ${sms.senderId}`;
    plans.push({
      owner: manager,
      channel: "sms",
      name: "Order updates November",
      status: "completed",
      templateId: sms.id,
      templateName: sms.name,
      smsAccountId: sms.accountId,
      sender: sms.senderId,
      senderLabel: label,
      rate: DEFAULT_RATES_PAISE.sms,
      recipients: 50,
      daysAgo: 4,
    });
    // The department head's own campaign (its dashboard and the manager's Team Reports credit it to the head).
    const head = ids.get("depthead");
    if (head)
      plans.push({
        owner: manager,
        createdBy: head,
        channel: "sms",
        name: "Store opening invite",
        status: "completed",
        templateId: sms.id,
        templateName: sms.name,
        smsAccountId: sms.accountId,
        sender: sms.senderId,
        senderLabel: label,
        rate: DEFAULT_RATES_PAISE.sms,
        recipients: 30,
        daysAgo: 5,
      });
    plans.push({
      owner: manager,
      channel: "sms",
      name: "Weekend reminder",
      status: "ready",
      templateId: sms.id,
      templateName: sms.name,
      smsAccountId: sms.accountId,
      sender: sms.senderId,
      senderLabel: label,
      rate: DEFAULT_RATES_PAISE.sms,
      recipients: 20,
      daysAgo: 0,
    });
  }
  if (bot && rcsTemplate) {
    plans.push({
      owner: manager,
      channel: "rcs",
      name: "Winter collection launch",
      status: "completed",
      templateId: rcsTemplate.id,
      templateName: rcsTemplate.name,
      botId: bot.id,
      senderLabel: bot.name,
      rate: DEFAULT_RATES_PAISE.rcs,
      recipients: 40,
      daysAgo: 3,
    });
  }
  if (userBot && userTemplate) {
    plans.push({
      owner: user,
      channel: "rcs",
      name: "Delivery alerts pilot",
      status: "completed",
      templateId: userTemplate.id,
      templateName: userTemplate.name,
      botId: userBot.id,
      senderLabel: userBot.name,
      rate: DEFAULT_RATES_PAISE.rcs,
      recipients: 12,
      daysAgo: 2,
    });
  }
  return plans.map((plan, i) => planned(plan, i, now));
}

/** Writes the planned campaigns oldest first, so each owner's ledger rows chain in time; owners must hold `takes`. */
export async function seedCampaignsDemo(db: Db, demo: readonly DemoCampaign[]): Promise<void> {
  for (const campaign of [...demo].sort((a, b) => a.start - b.start)) await insertCampaign(db, campaign);
}
