// The public-API dispatcher's statements: few and set-based, like the campaign dispatcher's
// (campaigns/dispatch-sql.ts).
import { sql } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import type { PublicMessageState } from "../../../contract/domain/api-keys";
import type { PublicMessageHistoryEntry, PublicMessageStep } from "../../db/schema";
import { toMoney } from "../balance/ledger";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import type { PublicMessageStateChange } from "./state-events";

/** Queued rows looked at per claim: the oldest, so a deep queue is not sorted whole each round. */
const SCAN = 5000;

export interface ClaimedMessage {
  id: string;
  user_id: string;
  api_key_id: string;
  step: number;
  charged_step: number;
  steps: PublicMessageStep[];
  to_number: string;
  reference: string | null;
}

/**
 * Queued messages, locked (rows another worker holds are skipped, not waited for), at most `perSender` per channel
 * and sender so one busy sender's backlog does not hold the others back.
 */
export function selectQueued(
  tx: Tx,
  limit: number,
  perSender: Record<CampaignChannel, number>,
): Promise<ClaimedMessage[]> {
  return rowsOf<ClaimedMessage>(
    tx,
    sql`with oldest as (
          select id, channel, sender, created_at from api_messages where state = 'queued' order by created_at limit ${SCAN}
        ),
        pick as (
          select id from (select id, channel, row_number() over (partition by channel, sender order by created_at) as rn from oldest) r
          where rn <= case channel when 'sms' then ${perSender.sms}::int when 'whatsapp' then ${perSender.whatsapp}::int else ${perSender.rcs}::int end
          limit ${limit}
        )
        select m.id::text as id, m.user_id::text as user_id, m.api_key_id::text as api_key_id, m.step, m.charged_step, m.steps, m.to_number, m.reference
        from api_messages m where m.id in (select id from pick) and m.state = 'queued'
        order by m.created_at
        for update of m skip locked`,
  );
}

export async function markSending(tx: Tx, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update api_messages set state = 'sending', lease_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1, updated_at = now()
    where id = any(${pgArray(ids)}::uuid[])`);
}

/** A fallback's cost, debited when it is claimed; false when the balance cannot cover it (nothing changed then). */
export async function chargeFallback(tx: Tx, m: ClaimedMessage): Promise<boolean> {
  const step = m.steps[m.step];
  if (step.costPaise > 0) {
    const [row] = await rowsOf<{ balance: string }>(
      tx,
      sql`update users set balance = balance - ${toMoney(step.costPaise)}::numeric, updated_at = now()
          where id = ${m.user_id} and balance >= ${toMoney(step.costPaise)}::numeric returning balance::text as balance`,
    );
    if (!row) return false;
    await tx.execute(sql`
      insert into balance_ledger (user_id, amount, balance_after, kind, note, actor_id)
      values (${m.user_id}, ${toMoney(-step.costPaise)}::numeric, ${row.balance}::numeric, 'api_message',
              ${`API ${step.channel} fallback to ${m.to_number} (${m.id})`}, ${m.user_id})`);
  }
  await tx.execute(
    sql`update api_messages set charged_step = step, cost_paise = cost_paise + ${step.costPaise} where id = ${m.id}`,
  );
  return true;
}

/**
 * One message's outcome as the dispatcher decided it; the statement applies it only to a row still in that step and
 * state.
 */
export interface OutcomeWrite {
  id: string;
  step: number;
  state: PublicMessageState;
  nextStep: number;
  channel: CampaignChannel;
  sender: string;
  pmid: string | null;
  code: string | null;
  reason: string | null;
  /** Paise given back (a step the carrier refused at submit). */
  refund: number;
  append: PublicMessageHistoryEntry[];
  /** Only rows in these states change (`sending` for a send's outcome, `queued` for a refused fallback charge). */
  from: PublicMessageState[];
}

interface Written {
  id: string;
  user_id: string;
  api_key_id: string;
  to_number: string;
  reference: string | null;
  refund: number;
}

/**
 * Writes outcomes in one statement, gives refunds back through the ledger, and tells the state listeners: all in
 * the caller's transaction. Answers the rows written.
 */
export async function writeOutcomes(
  tx: Tx,
  outcomes: readonly OutcomeWrite[],
  notify: (tx: Tx, changes: PublicMessageStateChange[]) => Promise<void>,
): Promise<Written[]> {
  if (outcomes.length === 0) return [];
  const written = await rowsOf<Written>(
    tx,
    sql`with v as (
          select * from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
            as v(id uuid, step int, state text, "nextStep" int, channel text, sender text, pmid text, code text, reason text, refund int, append jsonb, "from" text[])
        )
        update api_messages m set
          state = v.state, step = v."nextStep", channel = v.channel, sender = v.sender,
          provider_message_id = case when v."nextStep" <> m.step then null else coalesce(v.pmid, m.provider_message_id) end,
          code = coalesce(v.code, m.code), reason = coalesce(v.reason, m.reason),
          lease_until = null, cost_paise = m.cost_paise - v.refund, history = m.history || v.append, updated_at = now()
        from v
        where m.id = v.id and m.step = v.step and m.state = any(v."from")
        returning m.id::text as id, m.user_id::text as user_id, m.api_key_id::text as api_key_id, m.to_number, m.reference, v.refund`,
  );
  const refunds = written.filter((w) => w.refund > 0);
  if (refunds.length > 0) await refund(tx, refunds);
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  const changes = written.flatMap((w) =>
    (byId.get(w.id)?.append ?? []).map((e): PublicMessageStateChange => ({
      messageId: w.id,
      userId: w.user_id,
      apiKeyId: w.api_key_id,
      channel: e.channel,
      to: w.to_number,
      state: e.status,
      reference: w.reference,
      code: e.code ?? null,
      reason: e.reason ?? null,
      at: e.at,
    })),
  );
  await notify(tx, changes);
  return written;
}

/**
 * Refunds per account: one balance update each and a ledger row per message (kind api_refund); `why` ends the
 * ledger note ("refused by the carrier", "not delivered").
 */
export async function refund(
  tx: Tx,
  rows: readonly Pick<Written, "id" | "user_id" | "refund">[],
  why = "refused by the carrier",
): Promise<void> {
  const byUser = new Map<string, Pick<Written, "id" | "user_id" | "refund">[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
  for (const userId of [...byUser.keys()].sort()) {
    const list = byUser.get(userId) ?? [];
    const total = list.reduce((s, r) => s + r.refund, 0);
    const [row] = await rowsOf<{ balance: string }>(
      tx,
      sql`update users set balance = balance + ${toMoney(total)}::numeric, updated_at = now() where id = ${userId} returning balance::text as balance`,
    );
    if (!row) continue;
    let balance = Math.round(Number(row.balance) * 100) - total;
    const ledger = list.map((r) => {
      balance += r.refund;
      return {
        user_id: userId,
        amount: toMoney(r.refund),
        balance_after: toMoney(balance),
        note: `API message ${why} (${r.id})`,
      };
    });
    await tx.execute(sql`
      insert into balance_ledger (user_id, amount, balance_after, kind, note, actor_id)
      select x.user_id, x.amount, x.balance_after, 'api_refund', x.note, x.user_id
      from jsonb_to_recordset(${JSON.stringify(ledger)}::jsonb) as x(user_id uuid, amount numeric, balance_after numeric, note text)`);
  }
}

/**
 * Messages left `sending` after their lease (a worker died mid-send): on a carrier with idempotency keys back to
 * `queued` (the retry uses the same id, so the provider delivers once); otherwise `unknown`, never re-sent, kept
 * charged until a receipt says what happened (contract/domain/api-keys.ts).
 */
export async function recoverStale(
  tx: Tx,
  idempotent: boolean,
  notify: (tx: Tx, changes: PublicMessageStateChange[]) => Promise<void>,
): Promise<number> {
  if (idempotent) {
    const rows = await rowsOf<{ id: string }>(
      tx,
      sql`update api_messages set state = 'queued', lease_until = null where state = 'sending' and lease_until < now() returning id`,
    );
    return rows.length;
  }
  const rows = await rowsOf<{
    id: string;
    user_id: string;
    api_key_id: string;
    channel: CampaignChannel;
    to_number: string;
    reference: string | null;
    at: string;
  }>(
    tx,
    sql`update api_messages set state = 'unknown', lease_until = null, updated_at = now(),
          history = history || jsonb_build_array(jsonb_build_object('status', 'unknown', 'channel', channel, 'at', now()))
        where state = 'sending' and lease_until < now()
        returning id::text as id, user_id::text as user_id, api_key_id::text as api_key_id, channel, to_number, reference, now()::text as at`,
  );
  await notify(
    tx,
    rows.map((r) => ({
      messageId: r.id,
      userId: r.user_id,
      apiKeyId: r.api_key_id,
      channel: r.channel,
      to: r.to_number,
      state: "unknown",
      reference: r.reference,
      code: null,
      reason: null,
      at: new Date(r.at).toISOString(),
    })),
  );
  return rows.length;
}
