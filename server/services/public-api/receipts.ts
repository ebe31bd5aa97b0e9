// Receipts of public-API messages: they move a message forward (sent → delivered → read; failed), never back, and
// only for the step (channel) they belong to: a late receipt of an abandoned channel changes nothing. A `failed`
// receipt with a fallback left queues the next channel. Buffered and written in batches (one statement each), as
// the campaign receipts are: at thousands of messages a second a statement per receipt would be the bottleneck.
// A receipt names its message by our id (`api:<id>:<step>`) where the carrier echoes it, else (SMPP, HTTP SMS) by the
// provider's id, looked up first and looked up again later while the send's outcome is not written (receipt-match.ts).
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import type { PublicMessageState } from "../../../contract/domain/api-keys";
import type { Carrier, CarrierEvent, ReceiptStatus } from "../../carriers/carrier";
import { batchAnswers } from "../../carriers/batch-answers";
import type { Db } from "../../db/client";
import type { ClaimLoop } from "../../db/claim-loop";
import { startFlushLoop } from "../../db/flush-loop";
import { rowsOf, type Tx } from "../../db/sql";
import type { ChargeBasis } from "../../../contract/domain/charging";
import { providerErrorChange } from "../../../contract/domain/consent";
import { writeConsentEvents, type ConsentEventInput } from "../consent/ledger";
import { loadRates } from "../campaigns/rates";
import { parseApiCarrierId } from "./dispatch";
import { refund } from "./dispatch-sql";
import { answeredElsewhere, messagesOfProviderIds, UNMATCHED_RETRY, type UnmatchedRetry } from "./receipt-match";
import type { PublicMessageEvents, PublicMessageStateChange } from "./state-events";

/** States from earliest to latest: a receipt only ever moves a message right. */
const ORDER: readonly PublicMessageState[] = ["queued", "sending", "unknown", "sent", "failed", "delivered", "read"];
const ORDER_SQL = sql.raw(`array[${ORDER.map((s) => `'${s}'`).join(",")}]::text[]`);
const rank = (s: string) => ORDER.indexOf(s as PublicMessageState);

/** What the receipts of one message told so far: the latest state, and a failure's code and reason. */
interface Told {
  status: ReceiptStatus;
  pmid: string;
  code: string | null;
  reason: string | null;
  at: string;
}

interface Receipt extends Told {
  id: string;
  step: number;
}

/** A receipt known by the provider's id only, until its message is found: `tries` lookups missed so far. */
interface Unmatched extends Told {
  tries: number;
  due: number;
}

type ReceiptEvent = Extract<CarrierEvent, { type: "receipt" }>;

const toldOf = (e: ReceiptEvent): Told => ({
  status: e.status,
  pmid: e.providerMessageId,
  code: e.status === "failed" ? (e.code ?? null) : null,
  reason: e.status === "failed" ? (e.reason ?? null) : null,
  at: e.at.toISOString(),
});

/** Folds a newer receipt into what was told: the state only moves right; a failure keeps its code and reason. */
function fold<T extends Told>(into: T, next: Told): T {
  if (rank(next.status) > rank(into.status)) {
    into.status = next.status;
    into.at = next.at;
  }
  if (next.status === "failed") {
    into.code = next.code;
    into.reason = next.reason;
  }
  return into;
}

interface Applied {
  id: string;
  user_id: string;
  api_key_id: string;
  to_number: string;
  reference: string | null;
  old_channel: CampaignChannel;
  channel: CampaignChannel;
  status: PublicMessageState;
  state: PublicMessageState;
  code: string | null;
  reason: string | null;
  at: string;
  /** Paise given back: a failed step billed on delivery (contract/domain/charging.ts). */
  refund: number;
}

/**
 * One UPDATE for a batch of receipts; answers the messages that moved (with the receipt's status and their new state).
 * A failed step whose channel is billed on delivery gives its charge back (`refund`, through the ledger by the caller).
 */
async function applyReceipts(tx: Tx, receipts: readonly Receipt[], smsBilledOn: ChargeBasis): Promise<Applied[]> {
  return rowsOf<Applied>(
    tx,
    sql`with v as (
          select * from jsonb_to_recordset(${JSON.stringify(receipts)}::jsonb) as v(id uuid, step int, status text, pmid text, code text, reason text, at timestamptz)
        ),
        cur as (
          select m.id, m.step, m.state, m.channel, m.steps, jsonb_array_length(m.steps) as n, m.cost_paise, m.settled_at
          from api_messages m join v on v.id = m.id and v.step = m.step for update of m
        ),
        d as (
          select v.*, cur.channel as old_channel, cur.steps, (v.status = 'failed' and cur.step + 1 < cur.n) as fallback,
            -- Never twice: a message the cut-off already settled (its charge given back) gives nothing more.
            case when v.status = 'failed' and cur.settled_at is null and (cur.channel <> 'sms' or ${smsBilledOn === "delivered"})
                 then least(coalesce((cur.steps -> cur.step ->> 'costPaise')::int, 0), cur.cost_paise) else 0 end as refund
          from v join cur on cur.id = v.id
          where array_position(${ORDER_SQL}, v.status) > array_position(${ORDER_SQL}, cur.state)
        )
        update api_messages m set
          state = case when d.fallback then 'queued' else d.status end,
          step = case when d.fallback then m.step + 1 else m.step end,
          channel = case when d.fallback then d.steps -> (m.step + 1) ->> 'channel' else m.channel end,
          sender = case when d.fallback then d.steps -> (m.step + 1) ->> 'from' else m.sender end,
          provider_message_id = case when d.fallback then null else coalesce(m.provider_message_id, d.pmid) end,
          code = case when d.status = 'failed' then d.code else m.code end,
          reason = case when d.status = 'failed' then d.reason else m.reason end,
          lease_until = null,
          cost_paise = m.cost_paise - d.refund,
          history = m.history
            || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('status', d.status, 'channel', d.old_channel, 'at', d.at, 'code', d.code, 'reason', d.reason)))
            || case when d.fallback then jsonb_build_array(jsonb_build_object('status', 'queued', 'channel', d.steps -> (m.step + 1) ->> 'channel', 'at', d.at))
                    else '[]'::jsonb end,
          updated_at = now()
        from d where m.id = d.id
        returning m.id::text as id, m.user_id::text as user_id, m.api_key_id::text as api_key_id, m.to_number, m.reference, d.old_channel,
          m.channel, d.status, m.state, d.code, d.reason, d.at::text as at, d.refund`,
  );
}

/**
 * The consent events a batch's failures make (contract/domain/consent.ts providerErrorChange: WhatsApp 131050, "the
 * user has stopped marketing messages", opts the number out of WhatsApp marketing), as the campaigns' receipts do.
 */
function consentOf(rows: readonly Applied[]): ConsentEventInput[] {
  return rows.flatMap((r) => {
    const change = r.status === "failed" ? providerErrorChange(r.old_channel, r.code) : null;
    if (!change) return [];
    const proof = `WhatsApp error ${(r.code ?? "").trim()}: ${r.reason ?? ""}`.slice(0, 500);
    return [{ ...change, ownerId: r.user_id, number: r.to_number, proof, actorId: null }];
  });
}

function changesOf(rows: readonly Applied[]): PublicMessageStateChange[] {
  return rows.flatMap((r) => {
    const base = {
      messageId: r.id,
      userId: r.user_id,
      apiKeyId: r.api_key_id,
      to: r.to_number,
      reference: r.reference,
      at: new Date(r.at).toISOString(),
    };
    const own: PublicMessageStateChange = {
      ...base,
      channel: r.old_channel,
      state: r.status,
      code: r.code,
      reason: r.reason,
    };
    // A failed channel with a fallback: the failure, then the next channel queued.
    return r.state === "queued"
      ? [own, { ...base, channel: r.channel, state: "queued", code: null, reason: null }]
      : [own];
  });
}

export interface PublicReceiptsOptions {
  flushMs: number;
  log: FastifyBaseLogger;
  onFallback: () => void;
  /** How often and how late a receipt known by the provider's id only is looked up again (UNMATCHED_RETRY). */
  unmatched?: UnmatchedRetry;
}

export function startPublicReceipts(
  db: Db,
  carrier: Carrier,
  events: PublicMessageEvents,
  options: PublicReceiptsOptions,
): ClaimLoop {
  const retry = options.unmatched ?? UNMATCHED_RETRY;
  let pending = new Map<string, Receipt>();
  /** By provider id: new ones (looked up at the next flush) and those waiting for a later look. */
  let unkeyed = new Map<string, Unmatched>();
  const waiting = new Map<string, Unmatched>();
  // Each receipt is acknowledged once the flush that writes it (or first looks for its message) ends, and refused if
  // that flush failed.
  const answers = batchAnswers();

  const keep = (ref: { id: string; step: number }, told: Told) => {
    const key = `${ref.id}:${ref.step}`;
    const into = pending.get(key);
    pending.set(key, into ? fold(into, told) : { ...told, id: ref.id, step: ref.step });
  };

  const unsubscribe = carrier.onEvent((event) => {
    if (event.type !== "receipt") return;
    const ref = parseApiCarrierId(event.messageId);
    if (ref) {
      keep(ref, toldOf(event));
      return answers.owe(true);
    }
    // Another of our ids (a campaign recipient's, a chat message's): not a public-API message.
    if (event.messageId !== undefined) return;
    const pmid = event.providerMessageId;
    // A newer receipt of one that waits is looked for at once, with what the older one told.
    const prior = unkeyed.get(pmid) ?? waiting.get(pmid);
    waiting.delete(pmid);
    unkeyed.set(pmid, prior ? fold({ ...prior, due: 0 }, toldOf(event)) : { ...toldOf(event), tries: 0, due: 0 });
    return answers.owe(true);
  });

  const flush = () => answers.settle(write);

  /** Receipts known by the provider's id whose message is found join the batch; the others wait, or are given up. */
  async function match(now: number): Promise<void> {
    const due = [...unkeyed.values()];
    unkeyed = new Map();
    for (const [pmid, u] of waiting) {
      if (u.due > now) continue;
      waiting.delete(pmid);
      due.push(u);
    }
    if (due.length === 0) return;
    // A lookup that failed (the database away a moment) loses nothing: those receipts are looked for again later.
    const later = (list: readonly Unmatched[]) => (err: unknown) => {
      for (const u of list) if (!waiting.has(u.pmid)) waiting.set(u.pmid, { ...u, due: now + retry.firstMs });
      throw err;
    };
    const found = await messagesOfProviderIds(
      db,
      due.map((u) => u.pmid),
    ).catch(later(due));
    const missed = due.filter((u) => {
      const ref = found.get(u.pmid);
      if (ref) keep(ref, { status: u.status, pmid: u.pmid, code: u.code, reason: u.reason, at: u.at });
      return !ref;
    });
    if (missed.length === 0) return;
    const elsewhere = await answeredElsewhere(
      db,
      missed.map((u) => u.pmid),
    ).catch(later(missed));
    const given: string[] = [];
    for (const u of missed) {
      if (elsewhere.has(u.pmid)) continue;
      if (u.tries >= retry.tries) {
        given.push(u.pmid);
        continue;
      }
      // A receipt that came meanwhile is looked for at the next flush: it takes this one's news along.
      const newer = unkeyed.get(u.pmid);
      if (newer) {
        fold(newer, u);
        continue;
      }
      waiting.set(u.pmid, { ...u, tries: u.tries + 1, due: now + retry.firstMs * 2 ** u.tries });
    }
    if (given.length > 0) {
      options.log.warn(
        { receipts: given.length, providerMessageIds: given.slice(0, 20) },
        "receipts matched no message after looking again: dropped",
      );
    }
  }

  async function write(): Promise<number> {
    await match(Date.now());
    if (pending.size === 0) return 0;
    const batch = [...pending.values()];
    pending = new Map();
    const applied = await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Tx;
      const smsBilledOn = batch.some((r) => r.status === "failed") ? (await loadRates(tx)).smsBilledOn : "submitted";
      const rows = await applyReceipts(tx, batch, smsBilledOn);
      const refunds = rows.filter((r) => r.refund > 0);
      if (refunds.length > 0) await refund(tx, refunds, "not delivered");
      await writeConsentEvents(tx, consentOf(rows));
      await events.publicMessageStateChanged(tx, changesOf(rows));
      return rows;
    });
    if (applied.some((r) => r.state === "queued")) options.onFallback();
    return applied.length;
  }

  const loop = startFlushLoop(flush, {
    flushMs: options.flushMs,
    log: options.log,
    failed: "public API receipts not written",
    beforeLastFlush: unsubscribe,
  });
  return {
    tick: loop.tick,
    stop: async () => {
      await loop.stop();
      if (waiting.size > 0)
        options.log.warn(
          { receipts: waiting.size, providerMessageIds: [...waiting.keys()].slice(0, 20) },
          "receipts still waiting for their message at shutdown: dropped",
        );
    },
  };
}
