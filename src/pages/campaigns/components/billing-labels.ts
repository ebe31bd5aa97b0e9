import type { CampaignRecord } from "../../../../contract";
import { SETTLEMENT_WINDOW_MS } from "../../../../contract/domain/rate-keys";
import { formatDateTime } from "../../../shell/format";

// How a campaign's messages are billed, in the report's words (the rules: contract/domain/charging.ts).

const windowDays = SETTLEMENT_WINDOW_MS / 86_400_000;

export function billingLabel(c: Pick<CampaignRecord, "billing" | "channel">): string {
  const { basis, settledAt, settlesBy } = c.billing;
  if (basis === "submitted") return "Per SMS part submitted to the operator";
  const what = c.channel === "sms" ? "Per SMS part delivered" : "Per delivered message";
  if (settledAt) return `${what} · settled ${formatDateTime(settledAt)}`;
  if (settlesBy)
    return `${what}: one not delivered by ${formatDateTime(settlesBy)} is given back; a delivery after that is not charged`;
  return `${what}: one with no delivery receipt within ${windowDays} days of sending is given back; a failed one at once`;
}
