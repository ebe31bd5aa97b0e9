// Receipts of public-API messages: they move a message forward (sent → delivered → read; failed), never back, and
// only for the step (channel) they belong to: a late receipt of an abandoned channel changes nothing. A `failed`
// receipt with a fallback left queues the next channel. Buffered and written in batches (one statement each), as
// the campaign receipts are: at thousands of messages a second a statement per receipt would be the bottleneck.
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import type { PublicMessageState } from "../../../contract/domain/api-keys";
import type { Carrier, CarrierEvent, ReceiptStatus } from "../../carriers/carrier";
import { batchAnswers } from "../../carriers/batch-answers";
import type { Db } from "../../db/client";
import type { ClaimLoop } from "../../jobs/claim-loop";
import type { Tx } from "../ledger";
import { rowsOf } from "../campaigns/dispatch-sql";
import { parseApiCarrierId } from "./dispatch";
import { stepsOfProviderIds } from "./receipt-lookup";
import type { PublicMessageEvents, PublicMessageStateChange } from "./state-events";

/** A receipt that names only the provider's id and matched no step is looked up once more this much later. */
const LOOK_AGAIN_MS = 1_000;

/** States from earliest to latest: a receipt only ever moves a message right. */
const ORDER: readonly PublicMessageState[] = ["queued", "sending", "unknown", "sent", "failed", "delivered", "read"];
const ORDER_SQL = sql.raw(`array[${ORDER.map((s) => `'${s}'`).join(",")}]::text[]`);
const rank = (s: string) => ORDER.indexOf(s as PublicMessageState);

interface Receipt {
  id: string;
  step: number;
  status: ReceiptStatus;
  pmid: string;
  code: string | null;
  reason: string | null;
  at: string;
}

type ReceiptEvent = Extract<CarrierEvent, { type: "receipt" }>;

function merge(into: Receipt | undefined, event: ReceiptEvent, id: string, step: number): Receipt {
  const r: Receipt = into ?? { id, step, status: event.status, pmid: event.providerMessageId, code: null, reason: null, at: event.at.toISOString() };
  if (into && rank(event.status) > rank(r.status)) {
    r.status = event.status;
    r.at = event.at.toISOString();
  }
  if (event.status === "failed") {
    r.code = event.code ?? null;
    r.reason = event.reason ?? null;
  }
  return r;
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
}

/** One UPDATE for a batch of receipts; answers the messages that moved (with the receipt's status and their new state). */
async function applyReceipts(tx: Tx, receipts: readonly Receipt[]): Promise<Applied[]> {
  return rowsOf<Applied>(
    tx,
    sql`with v as (
          select * from jsonb_to_recordset(${JSON.stringify(receipts)}::jsonb) as v(id uuid, step int, status text, pmid text, code text, reason text, at timestamptz)
        ),
        cur as (
          select m.id, m.step, m.state, m.channel, m.steps, jsonb_array_length(m.steps) as n
          from api_messages m join v on v.id = m.id and v.step = m.step for update of m
        ),
        d as (
          select v.*, cur.channel as old_channel, cur.steps, (v.status = 'failed' and cur.step + 1 < cur.n) as fallback
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
          history = m.history
            || jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('status', d.status, 'channel', d.old_channel, 'at', d.at, 'code', d.code, 'reason', d.reason)))
            || case when d.fallback then jsonb_build_array(jsonb_build_object('status', 'queued', 'channel', d.steps -> (m.step + 1) ->> 'channel', 'at', d.at))
                    else '[]'::jsonb end,
          updated_at = now()
        from d where m.id = d.id
        returning m.id::text as id, m.user_id::text as user_id, m.api_key_id::text as api_key_id, m.to_number, m.reference, d.old_channel,
          m.channel, d.status, m.state, d.code, d.reason, d.at::text as at`,
  );
}

function changesOf(rows: readonly Applied[]): PublicMessageStateChange[] {
  return rows.flatMap((r) => {
    const base = { messageId: r.id, userId: r.user_id, apiKeyId: r.api_key_id, to: r.to_number, reference: r.reference, at: new Date(r.at).toISOString() };
    const own: PublicMessageStateChange = { ...base, channel: r.old_channel, state: r.status, code: r.code, reason: r.reason };
    // A failed channel with a fallback: the failure, then the next channel queued.
    return r.state === "queued" ? [own, { ...base, channel: r.channel, state: "queued", code: null, reason: null }] : [own];
  });
}

export function startPublicReceipts(db: Db, carrier: Carrier, events: PublicMessageEvents, options: { flushMs: number; log: FastifyBaseLogger; onFallback: () => void }): ClaimLoop {
  let pending = new Map<string, Receipt>();
  let running: Promise<number> | undefined;
  // Each receipt is acknowledged once the flush that writes it ends, and refused if that flush failed.
  const answers = batchAnswers();
  // Receipts that name no id of ours (RBM's): found by the provider id their send stored, at the next flush; one that
  // matches nothing yet (its send's outcome still being written) is looked up once more a second later.
  let unkeyed: { event: ReceiptEvent; again: boolean }[] = [];

  const take = (event: ReceiptEvent, ref: { id: string; step: number }) => {
    const key = `${ref.id}:${ref.step}`;
    pending.set(key, merge(pending.get(key), event, ref.id, ref.step));
  };

  const unsubscribe = carrier.onEvent((event) => {
    if (event.type !== "receipt") return;
    const ref = parseApiCarrierId(event.messageId);
    if (ref) take(event, ref);
    else if (event.messageId === undefined) unkeyed.push({ event, again: false });
    else return;
    return answers.owe(true);
  });

  const flush = () => answers.settle(write);

  async function lookUp(): Promise<void> {
    const list = unkeyed;
    unkeyed = [];
    const found = await stepsOfProviderIds(db, list.map((u) => u.event.providerMessageId));
    const later = list.filter((u) => !found.has(u.event.providerMessageId) && !u.again);
    for (const u of list) {
      const ref = found.get(u.event.providerMessageId);
      if (ref) take(u.event, ref);
    }
    if (later.length > 0) setTimeout(() => unkeyed.push(...later.map((u) => ({ event: u.event, again: true }))), LOOK_AGAIN_MS).unref();
  }

  async function write(): Promise<number> {
    if (unkeyed.length > 0) await lookUp();
    if (pending.size === 0) return 0;
    const batch = [...pending.values()];
    pending = new Map();
    const applied = await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Tx;
      const rows = await applyReceipts(tx, batch);
      await events.publicMessageStateChanged(tx, changesOf(rows));
      return rows;
    });
    if (applied.some((r) => r.state === "queued")) options.onFallback();
    return applied.length;
  }

  const tick = (): Promise<number> => {
    if (running) return running;
    running = flush()
      .catch((err: unknown) => {
        options.log.error({ err }, "public API receipts not written");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = setInterval(() => void tick(), options.flushMs);
  timer.unref();

  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      unsubscribe();
      await running;
      await tick();
    },
  };
}
