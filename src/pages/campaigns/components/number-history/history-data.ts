import type { CampaignChannel, NumberHistoryRecord, RecipientRecord } from "../../../../../contract";

export interface Step {
  label: "Sent" | "Delivered" | "Read" | "Replied" | "Failed";
  at: string;
}

/** The states a message went through, with their times, in the order they happened (missing ones left out). */
export function stepsOf(r: RecipientRecord): Step[] {
  const steps: Array<[Step["label"], string | null]> = [
    ["Sent", r.sentAt],
    ["Delivered", r.deliveredAt],
    ["Read", r.readAt],
    ["Replied", r.repliedAt],
    ["Failed", r.failedAt],
  ];
  return steps
    .filter((s): s is [Step["label"], string] => Boolean(s[1]))
    .map(([label, at]) => ({ label, at }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** When a message happened, for ordering: its first time, else never (last). */
const firstTime = (r: NumberHistoryRecord) => {
  const s = stepsOf(r.recipient)[0];
  return s ? Date.parse(s.at) : -Infinity;
};

/** Newest message first; messages never sent (queued, skipped) after the sent ones. */
export const newestFirst = (records: readonly NumberHistoryRecord[]) =>
  [...records].sort((a, b) => firstTime(b) - firstTime(a));

/** The line over the history: how many messages, over how many campaigns and channels, what they cost, replies. */
export function historySummary(records: readonly NumberHistoryRecord[]) {
  const channels = new Set<CampaignChannel>(records.map((r) => r.channel));
  const cost = Math.round(records.reduce((sum, r) => sum + r.recipient.cost, 0) * 100) / 100;
  return {
    messages: records.length,
    campaigns: new Set(records.map((r) => r.campaignId)).size,
    channels: [...channels].sort(),
    cost,
    replies: records.reduce((sum, r) => sum + r.replies.length, 0),
  };
}
