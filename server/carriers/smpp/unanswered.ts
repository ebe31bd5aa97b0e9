// Submits the SMSC took but never answered (submit_sm_resp lost: the send throws and the recipient becomes `unknown`,
// never re-sent), reconciled from their delivery receipt. The receipt names the message by the SMSC's id, which we
// never learnt, so it is matched by what the SMSC copies from the submit into every receipt (SMPP 3.4 §4.6.1 and
// Appendix B):
// - its source_addr is the submit's destination (the handset) and its destination_addr the submit's source (our
//   header), when the SMSC fills it;
// - Appendix B's `text:` is the start of the message (commonly its first 20 characters): it must be present and be
//   the start of what we submitted (no text, or text that differs, matches nothing);
// - the SMSC id is not one the SMSC gave us (the last ANSWERED_MEMORY answers are remembered): a receipt for a
//   message that was answered is that message's, however alike the two are;
// - exactly one unanswered submit fits, whether given up or still awaiting its answer: two alike (same handset, same
//   header, same opening words) stay `unknown` rather than be guessed.
// The receipt's `submit date:` is not compared: SMSCs write it in their own local time, which we do not know.
// A receipt can come in before the response's timeout: one whose id we do not know that fits a submit still awaiting
// its answer is held until that submit is answered (then it is another message's receipt, passed on as usual) or
// given up (then it is this submit's). What is held is kept in memory only: after a restart an unanswered submit
// stays `unknown`.
// A long message whose first part was not answered had its other parts held back, so it cannot have arrived whole:
// its receipt settles it as failed. So does the first part's receipt of a message a later part of which was not
// answered or not sent.
import type { CarrierEvent } from "../carrier";
import type { ParsedReceipt } from "./receipts";

/** SMSC ids answered to us that are remembered (at 100 messages/s, more than eight minutes of sends). */
const ANSWERED_MEMORY = 50_000;
/** Unanswered submits waiting for their receipt, at most, and for how long (a usual SMSC validity period, 48 h). */
const UNANSWERED_MEMORY = 10_000;
const UNANSWERED_FOR_MS = 48 * 3600_000;

type Receipt = Extract<CarrierEvent, { type: "receipt" }>;

export interface Submit {
  /** Our message id (what the dispatcher sent and reconciles by). */
  messageId: string;
  /** Digits of the destination_addr and the source_addr as submitted. */
  to: string;
  from: string;
  /** The first part's text. */
  text: string;
  parts: number;
}

/** A delivery receipt as it came in: parsed, with the addresses of its deliver_sm. */
export interface IncomingReceipt extends ParsedReceipt {
  /** The deliver_sm's source_addr (the handset) and destination_addr (our header). */
  source: string;
  destination: string;
  at: Date;
}

interface Entry extends Submit {
  since: number;
  held: IncomingReceipt[];
}

export interface UnansweredBook {
  /** A first part is about to be submitted; answer with what came of it. */
  submitting(submit: Submit): { answered(smscId?: string): void; lost(): void };
  /** A message whose first part was answered `firstId` but did not go out whole (a later part unanswered or unsent). */
  incomplete(firstId: string, messageId: string, reason: string): void;
  /**
   * A receipt whose id is not a later part's: true when the book took it (reconciled, or held for a submit still
   * awaiting its answer); false when it is to be passed on by the SMSC's id as usual.
   */
  take(receipt: IncomingReceipt): boolean;
}

const digits = (address: string) => address.replace(/^\+/, "");

/** Whether the receipt could be `e`'s: same handset, same header where the SMSC gives it, the text's start. */
function fits(e: Submit, r: IncomingReceipt): boolean {
  if (!r.text || digits(r.source) !== e.to) return false;
  if (r.destination && digits(r.destination) !== digits(e.from)) return false;
  return e.text.startsWith(r.text);
}

function remember<K, V>(map: Map<K, V>, key: K, value: V, most: number): void {
  map.set(key, value);
  if (map.size > most) map.delete(map.keys().next().value as K);
}

export function unansweredBook(emit: (event: Receipt) => void, pass: (receipt: IncomingReceipt) => void, now: () => number = Date.now): UnansweredBook {
  const answered = new Map<string, true>();
  const inFlight = new Set<Entry>();
  const lost = new Set<Entry>();
  const incomplete = new Map<string, { messageId: string; reason: string }>();

  function settle(messageId: string, r: IncomingReceipt, incompleteReason?: string): void {
    const failed = r.status === "failed" || incompleteReason !== undefined;
    emit({
      type: "receipt", messageId, providerMessageId: r.id, at: r.at,
      status: failed ? "failed" : r.status,
      ...(failed ? { code: r.status === "failed" ? r.stat : "INCOMPLETE", reason: r.status === "failed" ? (r.reason ?? r.stat) : `${incompleteReason ?? ""} (the part sent reports ${r.stat})` } : {}),
    });
  }

  function settleLost(e: Entry, r: IncomingReceipt): void {
    const held = e.parts > 1 ? `Only part 1 of ${e.parts} was sent: the SMSC did not answer it, so the others were held back` : undefined;
    settle(e.messageId, r, held);
  }

  function prune(): void {
    const oldest = now() - UNANSWERED_FOR_MS;
    for (const e of lost) if (e.since < oldest || lost.size > UNANSWERED_MEMORY) lost.delete(e);
  }

  return {
    submitting(submit) {
      const entry: Entry = { ...submit, since: now(), held: [] };
      inFlight.add(entry);
      return {
        answered(smscId) {
          inFlight.delete(entry);
          if (smscId) remember(answered, smscId, true, ANSWERED_MEMORY);
          // Held receipts were another message's (on one bind, the SMSC's answer comes before its receipt); a
          // refusal (no id) took nothing.
          entry.held.forEach(pass);
        },
        lost() {
          inFlight.delete(entry);
          // One receipt held is this submit's; two that fit cannot be told apart, and none is guessed.
          if (entry.held.length === 1) return settleLost(entry, entry.held[0]);
          entry.held.forEach(pass);
          lost.add(entry);
          prune();
        },
      };
    },
    incomplete(firstId, messageId, reason) {
      remember(incomplete, firstId, { messageId, reason }, UNANSWERED_MEMORY);
    },
    take(r) {
      const partial = incomplete.get(r.id);
      if (partial) {
        incomplete.delete(r.id);
        settle(partial.messageId, r, partial.reason);
        return true;
      }
      if (answered.has(r.id)) return false;
      // Given up and still awaiting an answer alike: the receipt goes to a submit only when it fits no other.
      const given = [...lost].filter((e) => fits(e, r));
      const waiting = [...inFlight].filter((e) => fits(e, r));
      if (given.length + waiting.length !== 1) return false;
      if (waiting.length === 1) {
        waiting[0].held.push(r);
        return true;
      }
      lost.delete(given[0]);
      settleLost(given[0], r);
      return true;
    },
  };
}
