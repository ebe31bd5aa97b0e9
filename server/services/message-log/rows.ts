// The three kinds of log row as one record: statuses in time order with their carrier codes, the body as the
// person received it, what was charged and given back.
import type { Static } from "@sinclair/typebox";
import type { LogStatusEntry, MessageLogRow } from "../../../contract/calls";
import type { ApiLogRow, CampaignLogRow, ChatLogRow } from "./branches";

export type LogRow = Static<typeof MessageLogRow>;
type Entry = Static<typeof LogStatusEntry>;

const byTime = (a: Entry, b: Entry) => (a.at ?? "").localeCompare(b.at ?? "");

function campaignStatuses(r: CampaignLogRow): Entry[] {
  const own = (status: string, at: string | null, code: string | null = null): Entry[] =>
    at ? [{ status, at, code, channel: r.channel }] : [];
  const sms = (status: string, at: string | null, code: string | null = null): Entry[] =>
    at ? [{ status, at, code, channel: "sms" }] : [];
  return [
    ...own("sent", r.sent_at),
    ...own("delivered", r.delivered_at),
    ...own("read", r.read_at),
    ...own("replied", r.replied_at),
    ...own("failed", r.failed_at, r.code),
    ...sms("failover sent", r.failover_sent_at),
    ...sms("failover delivered", r.failover_delivered_at),
    ...sms("failover failed", r.failover_failed_at, r.failover_code),
  ].sort(byTime);
}

export function campaignRecord(r: CampaignLogRow): LogRow {
  return {
    kind: "campaign",
    id: r.id,
    time: r.t,
    channel: r.channel,
    sender: r.sender,
    to: r.to,
    body: "",
    providerMessageId: r.provider_message_id,
    status: r.status,
    statuses: campaignStatuses(r),
    failoverStep: r.failover_state === null ? 0 : 1,
    chargedPaise: Number(r.cost_paise) + Number(r.failover_cost_paise),
    // The net charge still kept, and what was given back for this recipient (the campaign's release includes it).
    refundedPaise: Number(r.refunded_paise),
    campaign: { id: r.campaign_id, name: r.campaign_name },
  };
}

/** The words of a public-API message's content, whatever its kind. */
export function contentText(content: unknown): string {
  if (typeof content !== "object" || content === null) return "";
  const c = content as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v : "");
  switch (c.kind) {
    case "text":
      return text(c.text);
    case "template": {
      const params = Array.isArray(c.params) ? c.params.map(String) : [];
      return params.length ? `${text(c.templateName)} (${params.join(", ")})` : text(c.templateName);
    }
    case "media":
      return text(c.caption) || text(c.fileName) || text(c.mediaUrl);
    case "interactive":
      return text(c.body);
    case "rcs": {
      const draft = (c.draft ?? {}) as Record<string, unknown>;
      return text(draft.text) || text(draft.title) || text(draft.description) || "Rich card";
    }
    default:
      return "";
  }
}

export function apiRecord(r: ApiLogRow): LogRow {
  const steps = Array.isArray(r.steps) ? r.steps : [];
  const paid = steps.slice(0, Number(r.charged_step) + 1).reduce((sum, s) => sum + Number(s.costPaise ?? 0), 0);
  const cost = Number(r.cost_paise);
  return {
    kind: "api",
    id: r.id,
    time: r.t,
    channel: r.channel,
    sender: r.sender,
    to: r.to,
    body: contentText(steps[Number(r.step)]?.content),
    providerMessageId: r.provider_message_id,
    status: r.status,
    statuses: (Array.isArray(r.history) ? r.history : []).map((h) => ({
      status: h.status,
      at: h.at,
      code: h.code ?? null,
      channel: h.channel,
    })),
    failoverStep: Number(r.step),
    chargedPaise: cost,
    refundedPaise: Math.max(0, paid - cost),
    campaign: null,
  };
}

export function chatRecord(r: ChatLogRow): LogRow {
  const b = r.body ?? {};
  const statuses: Entry[] = [{ status: "sent", at: r.t, code: null, channel: r.channel }];
  // The inbox keeps the latest state, not when each came: the later ones are shown without a time.
  if (r.status !== "sent" && r.status !== "pending")
    statuses.push({ status: r.status, at: null, code: r.error, channel: r.channel });
  return {
    kind: "chat",
    id: r.id,
    time: r.t,
    channel: r.channel,
    sender: r.sender,
    to: r.to,
    body: r.text || b.caption || b.templateName || b.fileName || b.locationName || "",
    providerMessageId: r.provider_message_id,
    status: r.status,
    statuses,
    failoverStep: null,
    chargedPaise: null,
    refundedPaise: null,
    campaign: null,
  };
}
