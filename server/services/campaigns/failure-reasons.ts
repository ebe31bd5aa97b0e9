// A campaign's failure reasons as a person reads them (the live control room's errors per route). The rollup keeps
// what the provider said with its code (campaign_failures): a sandbox or a provider may give only its own terse text
// ("Message undeliverable", "stat:UNDELIV err:001 unknown subscriber"). The code is read through the carriers' own
// error tables, one place each: Meta's Cloud API codes (whatsapp-cloud/errors.ts), SMPP 3.4 command_status names
// (smpp/errors.ts) and delivery receipts' stat and err (smpp/receipts.ts). RBM's text already names its status.
import type { Channel } from "../../carriers/carrier";
import { STATUS, behaviourOfStatus } from "../../carriers/smpp/errors";
import { receiptReason } from "../../carriers/smpp/receipts";
import { behaviourOf } from "../../carriers/whatsapp-cloud/errors";

export interface ReadableReason {
  reason: string;
  /** The provider's own text, when it says something the reason does not (null: the reason is that text). */
  detail: string | null;
}

const isStatusName = (code: string): code is keyof typeof STATUS => Object.hasOwn(STATUS, code);
/** A receipt's stat and err as the sandbox keeps them ("UNDELIV:001"); the SMPP adapter keeps the stat alone. */
const RECEIPT_CODE = /^(EXPIRED|DELETED|UNDELIV|UNKNOWN|REJECTD)(?::(\w+))?$/;

/**
 * The tables' words for a code, or null. A retryable code's words say "retried", which a final failure no longer is:
 * those keep the provider's text.
 */
function wordsFor(channel: Channel, code: string, raw: string): string | null {
  if (channel === "whatsapp" && /^\d+$/.test(code)) {
    const b = behaviourOf(Number(code), raw);
    return b.retryable ? null : b.reason;
  }
  if (channel === "sms" && isStatusName(code)) {
    const b = behaviourOfStatus(STATUS[code]);
    return b.retryable ? null : b.reason;
  }
  const receipt = channel === "sms" ? RECEIPT_CODE.exec(code) : null;
  if (receipt) {
    // Already in words (the SMPP adapter writes receiptReason itself): keep it.
    if (!/^stat:/i.test(raw)) return null;
    const err = receipt[2] ?? /err:(\w+)/i.exec(raw)?.[1] ?? "000";
    return receiptReason(receipt[1], err);
  }
  return null;
}

export function readableReason(channel: Channel, code: string, raw: string): ReadableReason {
  const words = wordsFor(channel, code, raw);
  return words === null || words === raw ? { reason: raw, detail: null } : { reason: words, detail: raw };
}
