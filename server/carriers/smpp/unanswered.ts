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
// given up (then it is this submit's). What is held is this process's (it lasts the response's timeout at most).
// What must outlive it is kept in an UnansweredStore: the submits given up and the long messages not sent whole
// (smpp_unanswered, server/services/carrier-channels/smpp-unanswered.ts), and the SMSC ids answered for a submit of
// the same handset and header as one of those (smpp_answered), so a restart, or a receipt reaching another server
// process's bind of the same account, still settles it by the same rules. The store keeps 48 h and 10,000 a channel.
// A long message whose first part was not answered had its other parts held back, so it cannot have arrived whole:
// its receipt settles it as failed. So does the first part's receipt of a message a later part of which was not
// answered or not sent.
import type { CarrierEvent } from "../carrier";
import type { ParsedReceipt } from "./receipts";

/** SMSC ids answered to this process that are remembered (at 100 messages/s, more than eight minutes of sends). */
const ANSWERED_MEMORY = 50_000;
/**
 * Answered ids are given to the store together this often, not one statement per send: a receipt reaching another
 * process sooner than this after its answer is the only one that could be taken for a like submit given up.
 */
const MARK_EVERY_MS = 200;
/** What a store keeps per channel, at most, and for how long (a usual SMSC validity period, 48 h). */
export const UNANSWERED_MOST = 10_000;
export const UNANSWERED_FOR_MS = 48 * 3600_000;

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

/** A submit kept until its receipt: given up (no `firstSmscId`), or answered but not sent whole (`reason` why). */
export interface Unanswered extends Submit {
  firstSmscId?: string;
  reason?: string;
}

export interface StoredUnanswered extends Unanswered {
  /** The store's key. */
  key: string;
}

/** Where a channel's unanswered submits outlive the process (in the database; in memory for tests without one). */
export interface UnansweredStore {
  /** Keeps it (for UNANSWERED_FOR_MS; the oldest of the channel dropped beyond UNANSWERED_MOST). */
  add(channelId: string, entry: Unanswered): Promise<void>;
  /**
   * What could be this receipt's, unexpired: the message whose first part was answered `smscId`, and the submits given
   * up to `handset`; and whether `smscId` was answered for a submit like one of those (`answered`).
   */
  candidates(
    channelId: string,
    smscId: string,
    handset: string,
  ): Promise<{ entries: StoredUnanswered[]; answered: boolean }>;
  /** Takes an entry away: false when it is gone (another process settled it, or it expired). */
  take(channelId: string, key: string): Promise<boolean>;
  /** Ids the SMSC answered: each kept while a submit given up to its handset from its header is. */
  answered(channelId: string, marks: readonly AnsweredMark[]): Promise<void>;
  /** Drops what has expired. */
  prune(channelId: string): Promise<void>;
}

/** An SMSC id answered for a submit to `to` (digits) from `from`. */
export interface AnsweredMark {
  smscId: string;
  to: string;
  from: string;
}

/** A delivery receipt as it came in: parsed, with the addresses of its deliver_sm. */
export interface IncomingReceipt extends ParsedReceipt {
  /** The deliver_sm's source_addr (the handset) and destination_addr (our header). */
  source: string;
  destination: string;
  at: Date;
}

interface InFlight extends Submit {
  held: IncomingReceipt[];
}

export interface UnansweredBook {
  /** A first part is about to be submitted; answer with what came of it. */
  submitting(submit: Submit): { answered(smscId?: string): void; lost(): void };
  /** A message whose first part was answered `firstId` but did not go out whole (a later part unanswered or unsent). */
  incomplete(submit: Submit, firstId: string, reason: string): void;
  /**
   * A receipt whose id is not a later part's: true when the book took it (reconciled, or held for a submit still
   * awaiting its answer); false when it is to be passed on by the SMSC's id as usual.
   */
  take(receipt: IncomingReceipt): Promise<boolean>;
  /** Gives the store the answered ids not yet given (the adapter closes). */
  close(): Promise<void>;
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

export interface BookDeps {
  channelId: string;
  store: UnansweredStore;
  emit(event: Receipt): void;
  pass(receipt: IncomingReceipt): void;
}

export function unansweredBook({ channelId, store, emit, pass }: BookDeps): UnansweredBook {
  /** The submit each id answered: when a like one is given up later, those ids are written beside it. */
  const answered = new Map<string, Submit>();
  /** First parts' ids of messages not sent whole, given to the store by this process. */
  const incompleteHere = new Map<string, true>();
  let marks: AnsweredMark[] = [];
  const inFlight = new Set<InFlight>();
  // A store that cannot be reached loses what it was to keep: that recipient stays `unknown`, as it would after a
  // restart without one (the store logs why).
  const kept = (write: Promise<void>) => write.catch(() => undefined);

  function settle(messageId: string, r: IncomingReceipt, incompleteReason?: string): void {
    const failed = r.status === "failed" || incompleteReason !== undefined;
    emit({
      type: "receipt",
      messageId,
      providerMessageId: r.id,
      at: r.at,
      status: failed ? "failed" : r.status,
      ...(failed
        ? {
            code: r.status === "failed" ? r.stat : "INCOMPLETE",
            reason:
              r.status === "failed"
                ? (r.reason ?? r.stat)
                : `${incompleteReason ?? ""} (the part sent reports ${r.stat})`,
          }
        : {}),
    });
  }

  function settleLost(e: Submit, r: IncomingReceipt): void {
    const held =
      e.parts > 1
        ? `Only part 1 of ${e.parts} was sent: the SMSC did not answer it, so the others were held back`
        : undefined;
    settle(e.messageId, r, held);
  }

  function mark(): Promise<void> {
    const given = marks;
    marks = [];
    return given.length ? kept(store.answered(channelId, given)) : Promise.resolve();
  }
  const marking = setInterval(() => void mark(), MARK_EVERY_MS);
  marking.unref();

  async function take(r: IncomingReceipt): Promise<boolean> {
    // Answered to this process and not a message it gave the store as not sent whole: nothing stored is this one's,
    // so the usual receipt costs no read.
    if (answered.has(r.id) && !incompleteHere.has(r.id)) return false;
    const { entries, answered: answeredElsewhere } = await store.candidates(channelId, r.id, digits(r.source));
    const partial = entries.find((e) => e.firstSmscId === r.id);
    if (partial) {
      // Gone: another process settled it with this receipt (an SMSC may send one twice).
      if (await store.take(channelId, partial.key)) settle(partial.messageId, r, partial.reason);
      return true;
    }
    if (answered.has(r.id) || answeredElsewhere) return false;
    // Given up and still awaiting an answer alike: the receipt goes to a submit only when it fits no other.
    const given = entries.filter((e) => !e.firstSmscId && fits(e, r));
    const waiting = [...inFlight].filter((e) => fits(e, r));
    if (given.length + waiting.length !== 1) return false;
    if (waiting.length === 1) {
      waiting[0].held.push(r);
      return true;
    }
    if (!(await store.take(channelId, given[0].key))) return false;
    settleLost(given[0], r);
    return true;
  }

  void kept(store.prune(channelId));

  return {
    submitting(submit) {
      const entry: InFlight = { ...submit, held: [] };
      inFlight.add(entry);
      return {
        answered(smscId) {
          inFlight.delete(entry);
          if (smscId) {
            remember(answered, smscId, submit, ANSWERED_MEMORY);
            marks.push({ smscId, to: submit.to, from: submit.from });
          }
          // Held receipts were another message's (on one bind, the SMSC's answer comes before its receipt); a
          // refusal (no id) took nothing.
          entry.held.forEach(pass);
        },
        lost() {
          // One receipt held is this submit's; two that fit cannot be told apart, and none is guessed.
          if (entry.held.length === 1) {
            inFlight.delete(entry);
            return settleLost(entry, entry.held[0]);
          }
          entry.held.splice(0).forEach(pass);
          // Still awaiting while it is written, so a receipt coming meanwhile is held, then taken from the store.
          void kept(store.add(channelId, submit)).then(async () => {
            // Ids this process was answered for submits like it: their receipts are theirs wherever they arrive.
            const alike = [...answered]
              .filter(([, s]) => s.to === submit.to && s.from === submit.from)
              .map(([smscId]) => ({ smscId, to: submit.to, from: submit.from }));
            if (alike.length) await kept(store.answered(channelId, alike));
            inFlight.delete(entry);
            for (const r of entry.held.splice(0))
              void take(r).then(
                (took) => took || pass(r),
                () => pass(r),
              );
          });
        },
      };
    },
    incomplete(submit, firstId, reason) {
      remember(incompleteHere, firstId, true, ANSWERED_MEMORY);
      void kept(store.add(channelId, { ...submit, firstSmscId: firstId, reason }));
    },
    take,
    close: async () => {
      clearInterval(marking);
      await mark();
    },
  };
}

/** The store of a process without a database (the adapter's own tests): the same bounds, gone with the process. */
export function memoryUnansweredStore(now: () => number = Date.now): UnansweredStore {
  let next = 0;
  const entries = new Map<string, StoredUnanswered & { channelId: string; since: number }>();
  const answered = new Map<string, number>();
  const live = (since: number) => since >= now() - UNANSWERED_FOR_MS;
  return {
    add: async (channelId, entry) => {
      entries.set(String(++next), { ...entry, key: String(next), channelId, since: now() });
      const mine = [...entries.values()].filter((e) => e.channelId === channelId);
      for (const e of mine.slice(0, Math.max(0, mine.length - UNANSWERED_MOST))) entries.delete(e.key);
    },
    candidates: async (channelId, smscId, handset) => ({
      entries: [...entries.values()].filter(
        (e) =>
          e.channelId === channelId && live(e.since) && (e.firstSmscId ? e.firstSmscId === smscId : e.to === handset),
      ),
      answered: live(answered.get(`${channelId} ${smscId}`) ?? -Infinity),
    }),
    take: async (_channelId, key) => entries.delete(key),
    answered: async (channelId, marks) => {
      for (const m of marks) {
        if (
          [...entries.values()].some(
            (e) => e.channelId === channelId && !e.firstSmscId && e.to === m.to && e.from === m.from,
          )
        )
          answered.set(`${channelId} ${m.smscId}`, now());
      }
    },
    prune: async () => {
      for (const e of entries.values()) if (!live(e.since)) entries.delete(e.key);
      for (const [key, since] of answered) if (!live(since)) answered.delete(key);
    },
  };
}
