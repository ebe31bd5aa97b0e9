import type { CampaignFailover } from "../../db/schema";
import { billedParts, fillDlt, paramsFor } from "./dispatch-content";
import { failoverParams } from "./dispatch-failover";
import { valuesAsSent } from "../links/tracked";

// The SMS parts each recipient's message takes, counted once when the audience is read, with the very functions the
// dispatcher renders and prices a send with (paramsFor / failoverParams, fillDlt, billedParts): the estimate, the
// pre-send check and the hold are then the sum of what will be sent, to the part, whatever the values' length or
// alphabet (a Unicode value makes that recipient's SMS UCS-2, 70/67 characters per part).

/** What a recipient's SMS is made of: the SMS campaign's own template, or a WhatsApp/RCS campaign's failover one. */
export type SmsPartsPlan =
  | { kind: "sms"; body: string; variables: readonly string[] }
  | { kind: "failover"; body: string; params: readonly string[]; variables: readonly string[] };

/** A campaign's plan: null when it sends no SMS (WhatsApp or RCS without failover). */
export function smsPartsPlan(
  campaign: { channel: "rcs" | "sms" | "whatsapp"; variables: readonly string[]; failover: CampaignFailover | null },
  smsBody: string | undefined,
): SmsPartsPlan | null {
  if (smsBody === undefined) return null;
  if (campaign.channel === "sms") return { kind: "sms", body: smsBody, variables: campaign.variables };
  if (!campaign.failover || campaign.failover.conditions.length === 0) return null;
  return { kind: "failover", body: smsBody, params: campaign.failover.params, variables: campaign.variables };
}

/** One recipient's SMS parts under `plan` (0 without one), from the values the ingest stores for it. */
export function recipientSmsParts(
  plan: SmsPartsPlan | null,
  recipientVariables: readonly (string | null)[] | null,
  linkOrigin?: string,
): number {
  if (!plan) return 0;
  // A tracked SMS campaign sends its URL values as short links (links/tracked.ts): count those; failovers are untracked.
  const params =
    plan.kind === "sms"
      ? valuesAsSent(paramsFor(plan.variables, recipientVariables), linkOrigin)
      : failoverParams(plan.params, plan.variables, recipientVariables);
  return billedParts(fillDlt(plan.body, params));
}
