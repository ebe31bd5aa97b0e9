import type { CampaignStatus } from "../../../../contract/domain/campaigns";
import { CAMPAIGN_STATUSES } from "../../../../contract/domain/campaigns";

/** antd Tag colours per campaign status: blue while work is under way, green done, amber held, red stopped. */
export const CAMPAIGN_STATUS_COLOR: Readonly<Record<CampaignStatus, string>> = {
  draft: "default",
  validating: "processing",
  ready: "cyan",
  scheduled: "purple",
  running: "blue",
  paused: "warning",
  completed: "success",
  discarded: "default",
  failed: "error",
};

const LABEL: Readonly<Record<CampaignStatus, string>> = {
  draft: "Draft",
  validating: "Validating",
  ready: "Ready",
  scheduled: "Scheduled",
  running: "Running",
  paused: "Paused",
  completed: "Completed",
  discarded: "Discarded",
  failed: "Failed",
};

export function campaignStatusLabel(status: CampaignStatus): string {
  return LABEL[status] ?? status;
}

/** A status the server may invent later still gets a neutral tag rather than breaking the row. */
export function campaignStatusColor(status: string): string {
  return (CAMPAIGN_STATUS_COLOR as Record<string, string>)[status] ?? "default";
}

export const CAMPAIGN_STATUS_OPTIONS = CAMPAIGN_STATUSES.map((value) => ({ value, label: LABEL[value] }));

/** What an owner may do to a campaign in this status (the server's CAMPAIGN_TRANSITIONS decide in the end). */
export function ownerActions(status: CampaignStatus): { pause: boolean; resume: boolean; discard: boolean } {
  return {
    pause: status === "running" || status === "scheduled",
    resume: status === "paused",
    discard: status !== "completed" && status !== "discarded" && status !== "failed",
  };
}
