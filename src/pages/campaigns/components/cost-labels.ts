import type { PreCheckRecord } from "../../../../contract/calls/campaign-records";
import type { CampaignRecord } from "../../../../contract";
import { formatCount, formatDateTime, formatINR } from "../../../shell/format";
import { failoverConditionLabel } from "./failover-labels";

// A campaign's cost before it has spent: "est. ₹X", and "max ₹Y" beside it only where something stays unknown until
// send (whether messages fail over to SMS); the server counts both from each recipient's rendered message.

export function estimateLabel(estimated: number, max: number): string {
  return max > estimated ? `est. ${formatINR(estimated)} · max ${formatINR(max)}` : `est. ${formatINR(estimated)}`;
}

/**
 * A draft's stored estimate is priced at the account's rates when it was last checked; a rate card changed since
 * leaves it stale until the campaign is checked again, so the list says when (issue 37). Null for a campaign that is
 * not a draft, or one whose estimate has no time kept.
 */
export function estimateAsOf(c: Pick<CampaignRecord, "status" | "cost">): { label: string; help: string } | null {
  if ((c.status !== "ready" && c.status !== "draft") || c.cost.held > 0 || !c.cost.estimatedAt) return null;
  return {
    label: `as of ${formatDateTime(c.cost.estimatedAt)}`,
    help: "Priced at the account's rates then. A rate changed since shows when the campaign is reviewed or started, which prices it again.",
  };
}

const CHANNEL_NAMES = { rcs: "RCS", sms: "SMS", whatsapp: "WhatsApp" } as const;

/** What a campaign's own messages are priced as: "WhatsApp utility", "RCS", "SMS". */
export function channelCostName(e: Pick<PreCheckRecord["estimate"], "channel" | "category">): string {
  const name = CHANNEL_NAMES[e.channel];
  return e.category ? `${name} ${e.category.toLowerCase()}` : name;
}

/**
 * The check's "per message" line: one price, or per SMS part when recipients' messages differ in length; with an SMS
 * failover, the channel's price and the SMS's per part, side by side, never added into one figure.
 */
export function perMessageLabel(e: PreCheckRecord["estimate"]): string {
  const sms = e.channel === "sms";
  if (sms && e.segments)
    return `${formatINR(e.perMessage * e.segments)} (${e.segments} SMS part${e.segments > 1 ? "s" : ""})`;
  if (sms)
    return `${formatINR(e.perMessage)} per SMS part · ${formatCount(e.smsParts)} parts in all (messages differ in length)`;
  const base = `${formatINR(e.perMessage)} ${channelCostName(e)}`;
  return e.failover > 0 && e.smsParts > 0
    ? `${base} · SMS fallback ${formatINR(e.failover / e.smsParts)} per SMS part`
    : base;
}

/**
 * What the start holds, split by channel: "₹0.13 WhatsApp utility + ₹0.75 SMS fallback reserve" (the reserve: every
 * recipient's SMS failover, should every message fail over); one figure without failover.
 */
export function holdLabel(e: PreCheckRecord["estimate"]): string {
  if (e.failover <= 0) return formatINR(e.total);
  const parts = `${formatCount(e.smsParts)} SMS part${e.smsParts === 1 ? "" : "s"}`;
  return `${formatINR(e.expected)} ${channelCostName(e)} + ${formatINR(e.failover)} SMS fallback reserve (${parts}, if every message fails over) = ${formatINR(e.total)}`;
}

/**
 * What a campaign with SMS failover spent, by channel: "₹0.13 WhatsApp + ₹0.50 SMS failover". Null for a campaign
 * without failover (all of it went to its own channel).
 */
export function spentByChannelLabel(c: Pick<CampaignRecord, "channel" | "failover" | "cost">): string | null {
  if (!c.failover && c.cost.failoverSpent === 0) return null;
  // Rupees with two decimals: the difference in paise is exact.
  const own = Math.round(c.cost.spent * 100 - c.cost.failoverSpent * 100) / 100;
  return `${formatINR(own)} ${CHANNEL_NAMES[c.channel]} + ${formatINR(c.cost.failoverSpent)} SMS failover`;
}

/**
 * What a campaign with nothing left to send still waits for: "Waiting for delivery receipts of 12 messages until
 * 5 Dec 2026, 3:10 pm: SMS failover on …". Null when it waits for nothing.
 */
export function waitingLabel(c: Pick<CampaignRecord, "waiting" | "failover" | "channel">): string | null {
  if (!c.waiting) return null;
  const conditions = (c.failover?.conditions ?? [])
    .map((k) => failoverConditionLabel(k, c.channel).toLowerCase())
    .join(" or ");
  const messages = `${formatCount(c.waiting.messages)} message${c.waiting.messages === 1 ? "" : "s"}`;
  return `Waiting for delivery receipts of ${messages} until ${formatDateTime(c.waiting.until)}: SMS failover on ${conditions}`;
}
