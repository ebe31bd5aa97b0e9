import type { CampaignChannel, RecipientRecord } from "../../../../../contract";
import type { RecipientState } from "../../../../../contract/domain/campaigns";

/**
 * The responses table's lines: each recipient's message on the campaign's channel, and under it (a sub-row) its SMS
 * failover when one was due, as a message of its own with its own state, times and cost.
 */
export interface ResponseLine {
  key: string;
  kind: "message" | "failover";
  /** "WhatsApp", "RCS", "SMS", or "SMS failover". */
  message: string;
  number: string;
  state: RecipientState;
  /** Only a message without a failover line of its own still says "Failed over to SMS" (rows written before). */
  failedOver: boolean;
  reason: string | null;
  code: string | null;
  reply: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  readAt: string | null;
  cost: number;
  children?: ResponseLine[];
}

const CHANNEL_NAMES: Record<CampaignChannel, string> = { rcs: "RCS", sms: "SMS", whatsapp: "WhatsApp" };

export function responseLines(channel: CampaignChannel, records: readonly RecipientRecord[]): ResponseLine[] {
  return records.map((r) => {
    const f = r.failover;
    const line: ResponseLine = {
      key: r._id,
      kind: "message",
      message: CHANNEL_NAMES[channel],
      number: r.number,
      state: r.state,
      failedOver: r.failedOver && !f,
      reason: r.reason,
      code: r.code,
      reply: r.reply,
      sentAt: r.sentAt,
      deliveredAt: r.deliveredAt,
      readAt: r.readAt,
      cost: r.cost,
    };
    if (!f) return line;
    const sms: ResponseLine = {
      key: `${r._id}:sms`,
      kind: "failover",
      message: "SMS failover",
      number: r.number,
      state: f.state,
      failedOver: false,
      reason: f.reason,
      code: f.code,
      reply: null,
      sentAt: f.sentAt,
      deliveredAt: f.deliveredAt,
      readAt: null,
      cost: f.cost,
    };
    return { ...line, children: [sms] };
  });
}
