import { and, eq } from "drizzle-orm";
import { checkSmsTemplate, isSmsCategory, type SmsCategory } from "../../../contract/domain/sms";
import type { Db } from "../../db/client";
import { rcsBots, rcsTemplates, smsAccounts, smsTemplates, wabas, whatsappTemplates } from "../../db/schema";
import type { Tx } from "../../db/sql";
import type { Blocker, Tally } from "./check";
import { rcsMessagePaise } from "./dispatch-content";
import { dltRouteOf, type DltRoute } from "./dlt-route";
import { estimateCost, longestParts, type Estimate } from "./estimate";
import type { loadRates } from "./rates";
import type { CampaignRow } from "./reach";
import { WINDOWED_SMS_CATEGORIES } from "./sms-window";

// What the pre-send check asks of each channel: what stops a start outright (the account, bot or WABA, the
// template and its approval, the failover template), and how a number of sendable recipients is priced.

type Conn = Db | Tx;
type Rates = Awaited<ReturnType<typeof loadRates>>;

export interface ChannelFacts {
  blockers: Blocker[];
  dltRoute?: DltRoute;
  smsCategory?: SmsCategory;
  /** SMS parts of a recipient whose parts were not counted at ingest: the template's longest fill. */
  fallbackParts: number;
  estimateOf: (sendable: Tally) => Estimate;
  windowed: boolean;
}

export async function smsFacts(db: Conn, row: CampaignRow, rates: Rates): Promise<ChannelFacts> {
  const blockers: Blocker[] = [];
  const [account] = row.smsAccountId
    ? await db
        .select()
        .from(smsAccounts)
        .where(and(eq(smsAccounts.id, row.smsAccountId), eq(smsAccounts.userId, row.userId)))
    : [];
  const [template] = await db.select().from(smsTemplates).where(eq(smsTemplates.id, row.templateId));
  if (!account)
    blockers.push({ code: "smsAccountMissing", message: "The SMS account of this campaign no longer exists" });
  else if (!account.isActive)
    blockers.push({ code: "smsAccountInactive", message: `The SMS account "${account.name}" is inactive` });
  if (account && !account.dltEntityId)
    blockers.push({ code: "dltEntityMissing", message: `The SMS account "${account.name}" has no DLT entity id` });
  if (!template || (account && template.smsAccountId !== account.id)) {
    blockers.push({ code: "templateMissing", message: "The SMS template of this campaign no longer exists" });
  } else {
    if (!template.dltTemplateId)
      blockers.push({
        code: "dltTemplateMissing",
        message: `The SMS template "${template.name}" has no DLT template id`,
      });
    if (account && !account.senderIds.includes(template.senderId)) {
      blockers.push({
        code: "senderNotRegistered",
        message: `The sender id ${template.senderId} is not registered on the SMS account "${account.name}"`,
      });
    }
    // The stored body must still pass the DLT rules it was registered under (placeholders, category, header).
    const problems = isSmsCategory(template.category)
      ? checkSmsTemplate({
          name: template.name,
          body: template.body,
          category: template.category,
          senderId: template.senderId,
          dltTemplateId: template.dltTemplateId || "0000000000",
        })
      : [{ field: "category", message: "unknown category" }];
    if (problems.length)
      blockers.push({
        code: "bodyMismatch",
        message: `The SMS template "${template.name}" does not match its DLT registration: ${problems.map((p) => p.message).join("; ")}`,
      });
  }
  const windowed = template ? (WINDOWED_SMS_CATEGORIES as readonly string[]).includes(template.category) : false;
  const dltRoute = account?.dltEntityId.trim() ? dltRouteOf(row) : undefined;
  const fallbackParts = longestParts(template?.body ?? "", row.variables);
  // Customers' preferences are the DLT platform's: only a DLT route is scrubbed against them.
  const smsCategory = dltRoute && template && isSmsCategory(template.category) ? template.category : undefined;
  return {
    blockers,
    windowed,
    dltRoute,
    smsCategory,
    fallbackParts,
    // Priced at the template's DLT category (its route's rate), as dispatch charges each message.
    estimateOf: (t) =>
      estimateCost({ channel: "sms", sendable: t.n, rates, smsParts: t.parts, smsCategory: template?.category }),
  };
}

/** A WhatsApp or RCS campaign's SMS failover: its template must still exist; the maximum holds every recipient's. */
async function failoverFacts(
  db: Conn,
  row: CampaignRow,
  blockers: Blocker[],
): Promise<{ fallbackParts: number; smsCategory?: string } | null> {
  if (!row.failover || row.failover.conditions.length === 0) return null;
  const [sms] = await db
    .select({ body: smsTemplates.body, category: smsTemplates.category })
    .from(smsTemplates)
    .where(eq(smsTemplates.id, row.failover.smsTemplateId));
  if (!sms) blockers.push({ code: "failoverTemplateMissing", message: "The SMS failover template no longer exists" });
  return { fallbackParts: longestParts(sms?.body ?? "", row.failover.params), smsCategory: sms?.category };
}

export async function whatsappFacts(db: Conn, row: CampaignRow, rates: Rates): Promise<ChannelFacts> {
  const blockers: Blocker[] = [];
  const [waba] = row.wabaId
    ? await db
        .select({ id: wabas.id })
        .from(wabas)
        .where(and(eq(wabas.wabaId, row.wabaId), eq(wabas.userId, row.userId)))
    : [];
  if (!waba)
    blockers.push({ code: "wabaMissing", message: "The WhatsApp business account of this campaign is not connected" });
  const [template] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.id, row.templateId), eq(whatsappTemplates.userId, row.userId)));
  if (!template)
    blockers.push({ code: "templateMissing", message: "The WhatsApp template of this campaign no longer exists" });
  else if (template.status !== "APPROVED")
    blockers.push({
      code: "templateNotApproved",
      message: `The template "${template.name}" is ${template.status}, not APPROVED`,
    });
  const failover = await failoverFacts(db, row, blockers);
  const category = template?.category ?? "MARKETING";
  return {
    blockers,
    windowed: false,
    fallbackParts: failover?.fallbackParts ?? 0,
    estimateOf: (t) =>
      estimateCost({
        channel: "whatsapp",
        sendable: t.n,
        rates,
        category,
        failover: failover !== null,
        smsParts: t.parts,
        smsCategory: failover?.smsCategory,
      }),
  };
}

export async function rcsFacts(db: Conn, row: CampaignRow, rates: Rates): Promise<ChannelFacts> {
  const blockers: Blocker[] = [];
  const [bot] = row.botId
    ? await db
        .select({ id: rcsBots.id })
        .from(rcsBots)
        .where(and(eq(rcsBots.id, row.botId), eq(rcsBots.userId, row.userId)))
    : [];
  if (!bot) blockers.push({ code: "botMissing", message: "The RCS bot of this campaign no longer exists" });
  const [template] = await db
    .select()
    .from(rcsTemplates)
    .where(and(eq(rcsTemplates.id, row.templateId), eq(rcsTemplates.userId, row.userId)));
  if (!template)
    blockers.push({ code: "templateMissing", message: "The RCS template of this campaign no longer exists" });
  else if (template.status !== "ACTIVE")
    blockers.push({
      code: "templateNotApproved",
      message: `The template "${template.name}" is ${template.status}, not ACTIVE`,
    });
  const failover = await failoverFacts(db, row, blockers);
  const rcsPaise = template ? rcsMessagePaise(template.draft, row.variables, rates) : rates.rcs;
  return {
    blockers,
    windowed: false,
    fallbackParts: failover?.fallbackParts ?? 0,
    estimateOf: (t) =>
      estimateCost({
        channel: "rcs",
        sendable: t.n,
        rates,
        failover: failover !== null,
        smsParts: t.parts,
        rcsPaise,
        smsCategory: failover?.smsCategory,
      }),
  };
}
