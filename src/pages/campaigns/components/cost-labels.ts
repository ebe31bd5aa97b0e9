import type { PreCheckRecord } from "../../../../contract/calls/campaign-records";
import type { CampaignRecord } from "../../../../contract";
import { formatCount, formatDateTime, formatINR } from "../../../shell/format";
import { failoverConditionLabel } from "./failover-labels";

// A campaign's cost before it has spent: "est. ₹X", and "max ₹Y" beside it only where something stays unknown until
// send (whether messages fail over to SMS); the server counts both from each recipient's rendered message.

export function estimateLabel(estimated: number, max: number): string {
  return max > estimated ? `est. ${formatINR(estimated)} · max ${formatINR(max)}` : `est. ${formatINR(estimated)}`;
}

/** The check's "per message" line: one price, or per SMS part when recipients' messages differ in length. */
export function perMessageLabel(e: PreCheckRecord["estimate"]): string {
  const sms = e.channel === "sms";
  if (sms && e.segments) return `${formatINR(e.perMessage * e.segments)} (${e.segments} SMS part${e.segments > 1 ? "s" : ""})`;
  if (sms) return `${formatINR(e.perMessage)} per SMS part · ${formatCount(e.smsParts)} parts in all (messages differ in length)`;
  const base = `${formatINR(e.perMessage)}${e.category ? ` · ${e.category}` : ""}`;
  return e.failover > 0 ? `${base} · SMS failover up to ${formatINR(e.failover)} (${formatCount(e.smsParts)} SMS parts, if every message fails over)` : base;
}

/**
 * What a campaign with nothing left to send still waits for: "Waiting for delivery receipts of 12 messages until
 * 5 Dec 2026, 3:10 pm: SMS failover on …". Null when it waits for nothing.
 */
export function waitingLabel(c: Pick<CampaignRecord, "waiting" | "failover" | "channel">): string | null {
  if (!c.waiting) return null;
  const conditions = (c.failover?.conditions ?? []).map((k) => failoverConditionLabel(k, c.channel).toLowerCase()).join(" or ");
  const messages = `${formatCount(c.waiting.messages)} message${c.waiting.messages === 1 ? "" : "s"}`;
  return `Waiting for delivery receipts of ${messages} until ${formatDateTime(c.waiting.until)}: SMS failover on ${conditions}`;
}
