// SMS failover conditions as people read them: in the create form's checkboxes and on the campaign's report.
import {
  FAILOVER_TTL_MS,
  isFailoverChannel,
  type FailoverChannel,
  type FailoverCondition,
} from "../../../../contract/domain/campaigns";
import type { CampaignChannel } from "../../../../contract";

export const FAILOVER_CHANNEL_NAME: Record<FailoverChannel, string> = { whatsapp: "WhatsApp", rcs: "RCS" };

const LABELS: Record<FailoverCondition, (channel: string) => string> = {
  undelivered: () => `Not delivered within ${FAILOVER_TTL_MS / 60_000} minutes`,
  not_on_whatsapp: () => "Number is not on WhatsApp",
  not_rcs_capable: () => "Number is not RCS-capable (or the bot is not launched on its carrier)",
  failed: (channel) => `${channel} send failed`,
};

/** The label of a condition of a campaign of `channel` (a stored condition of another channel reads as itself). */
export function failoverConditionLabel(condition: string, channel: CampaignChannel): string {
  const label = LABELS[condition as FailoverCondition] as ((channel: string) => string) | undefined;
  return label && isFailoverChannel(channel) ? label(FAILOVER_CHANNEL_NAME[channel]) : condition.replaceAll("_", " ");
}
