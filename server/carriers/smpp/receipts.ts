// Delivery receipts: a deliver_sm whose esm_class has the SMSC-delivery-receipt bit (SMPP 3.4 §5.2.12, 0x04). The
// SMSC's message id and final state come in the receipted_message_id and message_state TLVs when the SMSC sends them
// (§5.3.2.12, §5.3.2.35), and always in the short message text of Appendix B:
//   id:IIIIIIIIII sub:SSS dlvrd:DDD submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DDDDDDD err:E text:...
// A state becomes one of ours: DELIVRD delivered, ACCEPTD and ENROUTE sent, the rest failed with the SMSC's word.
import type { ReceiptStatus } from "../carrier";

export const ESM_RECEIPT = 0x04;

export interface ParsedReceipt {
  /** The SMSC's message id, as submit_sm_resp gave it. */
  id: string;
  stat: string;
  err: string;
  status: ReceiptStatus;
  reason?: string;
  /**
   * Appendix B's `text:` field: the first characters (commonly 20) of the message receipted, when the SMSC gives them.
   */
  text?: string;
}

/** message_state TLV values (§5.3.2.35) by the receipt text's words. */
const STATE_WORDS: Record<number, string> = {
  1: "ENROUTE",
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
};

const REASONS: Record<string, string> = {
  EXPIRED: "Expired: the handset was not reachable before the validity period ended",
  DELETED: "Deleted by the SMSC before delivery",
  UNDELIV: "Undeliverable: the network could not deliver it to the handset",
  UNKNOWN: "The SMSC reported an unknown final state",
  REJECTD: "Rejected by the SMSC or the operator",
};

/** A failed receipt's reason in words, with the SMSC's error code: "Undeliverable: … (err 001)". */
export const receiptReason = (stat: string, err: string): string =>
  `${REASONS[stat] ?? `The SMSC reported ${stat}`} (err ${err})`;

export function statusOf(stat: string): ReceiptStatus {
  if (stat === "DELIVRD") return "delivered";
  if (stat === "ACCEPTD" || stat === "ENROUTE") return "sent";
  return "failed";
}

const field = (text: string, name: string) => new RegExp(`(?:^|\\s)${name}:(\\S*)`, "i").exec(text)?.[1];

/** Reads a receipt's fields from the TLVs where present, else from the text; null when it is not a receipt. */
export function parseReceipt(fields: Readonly<Record<string, unknown>>): ParsedReceipt | null {
  if (typeof fields.esm_class !== "number" || (fields.esm_class & 0x3c) !== ESM_RECEIPT) return null;
  const text = messageText(fields.short_message);
  const id =
    typeof fields.receipted_message_id === "string" && fields.receipted_message_id
      ? fields.receipted_message_id
      : field(text, "id");
  const stat =
    (typeof fields.message_state === "number" ? STATE_WORDS[fields.message_state] : undefined) ??
    field(text, "stat")?.toUpperCase();
  if (!id || !stat) return null;
  const err = field(text, "err") ?? "000";
  const status = statusOf(stat);
  const reason = status === "failed" ? receiptReason(stat, err) : undefined;
  // `text:` is the last field and may hold spaces and colons: everything after it.
  const start = /(?:^|\s)text:/i.exec(text);
  const excerpt = start ? text.slice(start.index + start[0].length) : "";
  return { id, stat, err, status, ...(reason ? { reason } : {}), ...(excerpt ? { text: excerpt } : {}) };
}

/** short_message as the library decodes it: a string, or { message } when a header was present. */
export function messageText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && "message" in value) {
    const message = (value as { message: unknown }).message;
    return typeof message === "string" ? message : Buffer.isBuffer(message) ? message.toString("latin1") : "";
  }
  return Buffer.isBuffer(value) ? value.toString("latin1") : "";
}
