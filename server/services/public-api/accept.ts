// Accepting public-API sends, many requests per transaction (group commit). One batch, in one transaction:
//  1. Idempotency-Key claims: the first request with a key stores its answer; a later one with the same key and
//     body gets that answer back, with another body a 409. A key is claimed only by a request that also commits.
//  2. Money: each account's sends of the batch are debited with one conditional UPDATE (never below zero); when
//     the sum does not fit, request by request, so only those that do not fit are refused (402).
//  3. Ledger rows (one per message, kind api_message) and the message rows (queued), multi-row.
//  4. "Message state changed" for each new message (state-events.ts), in the same transaction.
// A batch that fails as a whole is retried request by request, so one bad request never takes others down with it.
import { sql } from "drizzle-orm";
import { toMoney } from "../balance/ledger";
import type { Db } from "../../db/client";
import type { PublicMessageHistoryEntry } from "../../db/schema";
import { rowsOf, type Tx } from "../../db/sql";
import { createBatcher, type Batcher, type BatcherOptions } from "./batcher";
import type { ApiCaller } from "./caller";
import type { PreparedMessage } from "./prepare";
import type { PublicMessageEvents, PublicMessageStateChange } from "./state-events";

export interface SendJob {
  caller: ApiCaller;
  requestId: string;
  messages: PreparedMessage[];
  idempotency?: { key: string; bodyHash: string };
  /** When it was accepted: the messages' creation time, as the answer says it. */
  at: string;
  /** The answer this request gives when it commits; stored for replays of its Idempotency-Key. */
  answer: { status: number; body: unknown };
}

export type SendOutcome =
  | { kind: "accepted" }
  | { kind: "replay"; status: number; body: unknown }
  | { kind: "conflict" }
  | { kind: "insufficient"; costPaise: number; balancePaise: number }
  /** The write failed (the request answers 500); other requests of its batch are not affected. */
  | { kind: "error"; error: unknown };

const costOfJob = (job: SendJob) => job.messages.reduce((sum, m) => sum + m.steps[0].costPaise, 0);
const paiseOf = (money: string | number) => Math.round(Number(money) * 100);

interface Claimed {
  user_id: string;
  key: string;
}

interface Stored extends Claimed {
  body_hash: string;
  status: number;
  response: unknown;
}

/** Step 1: claims keys; answers the replays and conflicts of jobs whose key was already taken. */
async function claimKeys(tx: Tx, jobs: readonly SendJob[], outcomes: (SendOutcome | undefined)[]): Promise<void> {
  const keyed = jobs.map((job, i) => ({ job, i })).filter(({ job, i }) => job.idempotency && !outcomes[i]);
  if (keyed.length === 0) return;
  const rows = keyed.map(({ job }) => ({
    user_id: job.caller.userId,
    key: job.idempotency?.key,
    body_hash: job.idempotency?.bodyHash,
    status: job.answer.status,
    response: job.answer.body,
  }));
  const claimed = await rowsOf<Claimed>(
    tx,
    sql`insert into api_idempotency (user_id, key, body_hash, status, response)
        select x.user_id, x.key, x.body_hash, x.status, x.response
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(user_id uuid, key text, body_hash text, status int, response jsonb)
        on conflict (user_id, key) do update set body_hash = excluded.body_hash, status = excluded.status, response = excluded.response, created_at = now()
          where api_idempotency.created_at < now() - interval '24 hours'
        returning user_id::text as user_id, key`,
  );
  const won = new Set(claimed.map((c) => `${c.user_id}|${c.key}`));
  const lost = keyed.filter(({ job }) => !won.has(`${job.caller.userId}|${job.idempotency?.key}`));
  if (lost.length === 0) return;
  const stored = await rowsOf<Stored>(
    tx,
    sql`select s.user_id::text as user_id, s.key, s.body_hash, s.status, s.response from api_idempotency s
        join jsonb_to_recordset(${JSON.stringify(lost.map(({ job }) => ({ user_id: job.caller.userId, key: job.idempotency?.key })))}::jsonb)
          as x(user_id uuid, key text) on s.user_id = x.user_id and s.key = x.key`,
  );
  const byKey = new Map(stored.map((s) => [`${s.user_id}|${s.key}`, s]));
  for (const { job, i } of lost) {
    const found = byKey.get(`${job.caller.userId}|${job.idempotency?.key}`);
    outcomes[i] =
      found && found.body_hash === job.idempotency?.bodyHash
        ? { kind: "replay", status: found.status, body: found.response }
        : { kind: "conflict" };
  }
}

/** A conditional debit; the balance after it, or null when the balance does not cover it (nothing changed then). */
async function debit(tx: Tx, userId: string, paise: number): Promise<number | null> {
  const [row] = await rowsOf<{ balance: string }>(
    tx,
    sql`update users set balance = balance - ${toMoney(paise)}::numeric, updated_at = now()
        where id = ${userId} and balance >= ${toMoney(paise)}::numeric returning balance::text as balance`,
  );
  return row ? paiseOf(row.balance) : null;
}

/**
 * Step 2: debits each account; refuses (402) the jobs its balance cannot cover. Answers each account's balance after.
 */
async function charge(
  tx: Tx,
  jobs: readonly SendJob[],
  outcomes: (SendOutcome | undefined)[],
): Promise<Map<string, number>> {
  const byUser = new Map<string, number[]>();
  jobs.forEach((job, i) => {
    if (outcomes[i] || costOfJob(job) === 0) return;
    byUser.set(job.caller.userId, [...(byUser.get(job.caller.userId) ?? []), i]);
  });
  const after = new Map<string, number>();
  // Accounts in id order, so two processes' batches never lock two balances in opposite orders.
  for (const userId of [...byUser.keys()].sort()) {
    const indexes = byUser.get(userId) ?? [];
    const total = indexes.reduce((sum, i) => sum + costOfJob(jobs[i]), 0);
    const balance = await debit(tx, userId, total);
    if (balance !== null) {
      after.set(userId, balance);
      continue;
    }
    for (const i of indexes) {
      const cost = costOfJob(jobs[i]);
      const left = await debit(tx, userId, cost);
      if (left !== null) {
        after.set(userId, left);
        continue;
      }
      const [row] = await rowsOf<{ balance: string }>(
        tx,
        sql`select balance::text as balance from users where id = ${userId}`,
      );
      outcomes[i] = { kind: "insufficient", costPaise: cost, balancePaise: row ? paiseOf(row.balance) : 0 };
    }
  }
  return after;
}

/** Step 3: a ledger row per message (balance after each, counted back from the account's balance after the batch). */
async function ledgerRows(tx: Tx, accepted: readonly SendJob[], balanceAfter: Map<string, number>): Promise<void> {
  const rows: object[] = [];
  const running = new Map(balanceAfter);
  // Walked backwards: the last message of an account ends at its balance after the batch.
  for (let j = accepted.length - 1; j >= 0; j--) {
    const job = accepted[j];
    for (let k = job.messages.length - 1; k >= 0; k--) {
      const m = job.messages[k];
      const cost = m.steps[0].costPaise;
      if (cost === 0) continue;
      const balance = running.get(job.caller.userId) ?? 0;
      rows.push({
        user_id: job.caller.userId,
        amount: toMoney(-cost),
        balance_after: toMoney(balance),
        actor_id: job.caller.userId,
        note: `API ${m.steps[0].channel} message to ${m.to} (key ${job.caller.keyName}, ${m.id})`,
      });
      running.set(job.caller.userId, balance + cost);
    }
  }
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into balance_ledger (user_id, amount, balance_after, kind, note, actor_id)
    select x.user_id, x.amount, x.balance_after, 'api_message', x.note, x.actor_id
    from jsonb_to_recordset(${JSON.stringify(rows.reverse())}::jsonb) as x(user_id uuid, amount numeric, balance_after numeric, note text, actor_id uuid)`);
}

/** Step 3: the messages, queued. */
async function insertMessages(tx: Tx, accepted: readonly SendJob[]): Promise<PublicMessageStateChange[]> {
  const rows = accepted.flatMap((job) =>
    job.messages.map((m) => {
      const history: PublicMessageHistoryEntry[] = [{ status: "queued", channel: m.steps[0].channel, at: job.at }];
      return {
        id: m.id,
        user_id: job.caller.userId,
        api_key_id: job.caller.keyId,
        request_id: job.requestId,
        reference: m.reference,
        to_number: m.to,
        steps: m.steps,
        channel: m.steps[0].channel,
        sender: m.steps[0].from,
        cost_paise: m.steps[0].costPaise,
        history,
        at: job.at,
      };
    }),
  );
  if (rows.length === 0) return [];
  await tx.execute(sql`
    insert into api_messages (id, user_id, api_key_id, request_id, reference, to_number, steps, channel, sender, cost_paise, history, created_at, updated_at)
    select x.id, x.user_id, x.api_key_id, x.request_id, x.reference, x.to_number, x.steps, x.channel, x.sender, x.cost_paise, x.history, x.at, x.at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id uuid, user_id uuid, api_key_id uuid, request_id uuid, reference text, to_number text, steps jsonb, channel text, sender text, cost_paise int,
           history jsonb, at timestamptz)`);
  return rows.map((r) => ({
    messageId: r.id,
    userId: r.user_id,
    apiKeyId: r.api_key_id,
    channel: r.channel,
    to: r.to_number,
    state: "queued",
    reference: r.reference,
    code: null,
    reason: null,
    at: r.at,
  }));
}

async function commitBatch(db: Db, events: PublicMessageEvents, jobs: readonly SendJob[]): Promise<SendOutcome[]> {
  const outcomes: (SendOutcome | undefined)[] = jobs.map(() => undefined);
  // Two requests of one batch with the same Idempotency-Key: the later one takes the earlier one's outcome, so it
  // is left out of the transaction (marked decided for now).
  const firstOfKey = new Map<string, number>();
  const followers = new Map<number, number>();
  jobs.forEach((job, i) => {
    if (!job.idempotency) return;
    const k = `${job.caller.userId}|${job.idempotency.key}`;
    const first = firstOfKey.get(k);
    if (first === undefined) firstOfKey.set(k, i);
    else followers.set(i, first);
  });
  for (const i of followers.keys()) outcomes[i] = { kind: "accepted" };
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Tx;
    await claimKeys(tx, jobs, outcomes);
    const balances = await charge(tx, jobs, outcomes);
    const refused = jobs.filter((job, i) => outcomes[i]?.kind === "insufficient" && job.idempotency);
    if (refused.length > 0) {
      await tx.execute(sql`
        delete from api_idempotency s using jsonb_to_recordset(${JSON.stringify(refused.map((j) => ({ user_id: j.caller.userId, key: j.idempotency?.key })))}::jsonb)
          as x(user_id uuid, key text) where s.user_id = x.user_id and s.key = x.key`);
    }
    const accepted = jobs.filter((_job, i) => !followers.has(i) && outcomes[i] === undefined);
    await ledgerRows(tx, accepted, balances);
    const changes = await insertMessages(tx, accepted);
    await events.publicMessageStateChanged(tx, changes);
  });
  for (const [i, first] of followers) {
    const lead = outcomes[first] ?? { kind: "accepted" };
    const same = jobs[i].idempotency?.bodyHash === jobs[first].idempotency?.bodyHash;
    outcomes[i] = !same
      ? { kind: "conflict" }
      : lead.kind === "accepted"
        ? { kind: "replay", status: jobs[first].answer.status, body: jobs[first].answer.body }
        : lead;
  }
  return outcomes.map((o) => o ?? { kind: "accepted" });
}

export interface SendCommitter {
  commit(job: SendJob): Promise<SendOutcome>;
  drain(): Promise<void>;
}

/** The group commit of sends; `accepted` hears of committed messages (the dispatcher wakes up). */
export function createSendCommitter(
  db: Db,
  events: PublicMessageEvents,
  options: BatcherOptions,
  accepted: () => void,
): SendCommitter {
  const batcher: Batcher<SendJob, SendOutcome> = createBatcher(async (jobs) => {
    let outcomes: SendOutcome[];
    try {
      outcomes = await commitBatch(db, events, jobs);
    } catch (error) {
      if (jobs.length === 1) throw error;
      // One request of the batch made it fail: alone, each other one commits or fails on its own.
      outcomes = [];
      for (const job of jobs)
        outcomes.push(
          await commitBatch(db, events, [job]).then(
            ([o]) => o,
            (e: unknown): SendOutcome => ({ kind: "error", error: e }),
          ),
        );
    }
    if (outcomes.some((o) => o.kind === "accepted")) accepted();
    return outcomes;
  }, options);
  return { commit: (job) => batcher.submit(job), drain: () => batcher.drain() };
}
