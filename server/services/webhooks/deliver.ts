// Sending deliveries: claim due rows with a lease, POST each signed, write the outcome. Success is a 2xx answer;
// anything else (another status, no answer, a refused address, 5 s without a complete answer) is retried with
// exponential backoff and jitter, for 24 hours from the delivery's creation (or resend), then it is failed. The lease
// makes a crash harmless: a row whose worker died is due again when its lease ends and is sent again with the same
// X-Webhook-Id (at least once; receivers drop duplicates by that id).
import { sql } from "drizzle-orm";
import { WEBHOOK_HEADERS, WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus } from "../../../contract/domain/webhooks";
import type { WebhookConfig } from "../../config";
import type { Db } from "../../db/client";
import { notFound, conflict } from "../../http/errors";
import { isUuid } from "../caller";
import { pgArray, rowsOf, type Tx } from "../../db/sql";
import { envelope } from "./enqueue";
import type { AttemptResult, Poster } from "./post";
import { signatureHeader } from "./sign";

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  event: string;
  body: string;
  /** Attempts recorded before this one. */
  attempts: number;
  retry_from: string;
  /** The lease as the database wrote it: the outcome is written only while the row still carries it. */
  lease: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
}

const CLAIMED_COLUMNS = sql`d.id, d.endpoint_id, d.event, d.body, d.attempts, d.retry_from::text as retry_from, d.lease_until::text as lease,
  e.url, e.secret, e.previous_secret, e.previous_secret_until::text as previous_secret_until`;

/** After an endpoint gave no answer, its other due deliveries wait this long instead of each waiting for a timeout. */
const UNREACHABLE_PAUSE_MS = 30_000;
const USER_AGENT = "MessagingConsole-Webhooks/1.0";

export interface DelivererOptions {
  db: Db;
  poster: Poster;
  config: WebhookConfig;
  now: () => Date;
  random?: () => number;
}

export type Outcome =
  | { kind: "attempted"; result: AttemptResult }
  /** Not attempted: its endpoint did not answer a moment ago. */
  | { kind: "deferred"; until: number };

/** Exponential backoff with "equal jitter": half of the step fixed, half random, so retries of a burst spread out. */
export function retryDelayMs(
  attempts: number,
  config: Pick<WebhookConfig, "retryBaseMs" | "retryMaxMs">,
  random: () => number = Math.random,
): number {
  const step = Math.min(config.retryBaseMs * 2 ** Math.max(0, attempts - 1), config.retryMaxMs);
  return Math.round(step / 2 + random() * (step / 2));
}

interface OutcomeRow {
  id: string;
  lease: string;
  status: WebhookDeliveryStatus;
  next: string;
  at: string;
  deliveredAt: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

/** Outcomes written together: at most this many per statement, and each waits at most this long for others. */
const OUTCOME_BATCH = 200;
const OUTCOME_WAIT_MS = 10;

/**
 * Attempts finish one by one, but their outcomes are written a batch at a time (one UPDATE … FROM unnest): with many
 * deliveries in flight a statement per delivery would be most of the database's work. Each write resolves, after its
 * batch commits, with whether the row still carried the attempt's lease (false: another worker took it meanwhile).
 */
function outcomeWriter(db: Db) {
  const pending: { row: OutcomeRow; done: (written: boolean) => void; fail: (err: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = async () => {
    timer = undefined;
    const batch = pending.splice(0, OUTCOME_BATCH);
    if (pending.length > 0) timer = setTimeout(() => void flush(), 0);
    const col = <K extends keyof OutcomeRow>(k: K) => pgArray(batch.map((b) => b.row[k]));
    try {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`update webhook_deliveries d set
              status = v.status, attempts = d.attempts + 1, lease_until = null, next_attempt_at = v.next, last_attempt_at = v.at,
              delivered_at = v.delivered_at, response_status = v.response_status, response_body = v.response_body, error = v.error, duration_ms = v.duration_ms
            from unnest(${col("id")}::uuid[], ${col("lease")}::timestamptz[], ${col("status")}::text[], ${col("next")}::timestamptz[], ${col("at")}::timestamptz[],
                        ${col("deliveredAt")}::timestamptz[], ${col("responseStatus")}::int[], ${col("responseBody")}::text[], ${col("error")}::text[], ${col("durationMs")}::int[])
              as v(id, lease, status, next, at, delivered_at, response_status, response_body, error, duration_ms)
            where d.id = v.id and d.lease_until = v.lease
            returning d.id`,
      );
      const written = new Set(rows.map((r) => r.id));
      for (const b of batch) b.done(written.has(b.row.id));
    } catch (err) {
      for (const b of batch) b.fail(err);
    }
  };
  return {
    write: (row: OutcomeRow) =>
      new Promise<boolean>((done, fail) => {
        pending.push({ row, done, fail });
        if (pending.length >= OUTCOME_BATCH) {
          clearTimeout(timer);
          void flush();
        } else timer ??= setTimeout(() => void flush(), OUTCOME_WAIT_MS);
      }),
  };
}

export function createDeliverer({ db, poster, config, now, random = Math.random }: DelivererOptions) {
  /** The lease outlasts an attempt's deadline with room to write its outcome. */
  const leaseMs = config.timeoutMs * 2;
  const unreachableUntil = new Map<string, number>();
  const stop = new AbortController();
  const outcomes = outcomeWriter(db);

  /** Claims up to `limit` due deliveries of active endpoints, oldest due first, and leases them. */
  async function claim(tx: Db | Tx, limit: number): Promise<ClaimedDelivery[]> {
    const at = now();
    const lease = new Date(at.getTime() + leaseMs).toISOString();
    return rowsOf<ClaimedDelivery>(
      tx,
      sql`
      with due as (
        select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where d.status = 'pending' and d.next_attempt_at <= ${at.toISOString()}::timestamptz and e.active
        order by d.next_attempt_at limit ${limit}
        for update of d skip locked
      )
      update webhook_deliveries d set next_attempt_at = ${lease}::timestamptz, lease_until = ${lease}::timestamptz
      from due, webhook_endpoints e
      where d.id = due.id and e.id = d.endpoint_id
      returning ${CLAIMED_COLUMNS}`,
    );
  }

  function headersOf(item: ClaimedDelivery, at: Date): Record<string, string> {
    const timestamp = Math.floor(at.getTime() / 1000);
    const graceful = item.previous_secret && item.previous_secret_until && new Date(item.previous_secret_until) > at;
    const secrets = graceful && item.previous_secret ? [item.secret, item.previous_secret] : [item.secret];
    return {
      "user-agent": USER_AGENT,
      [WEBHOOK_HEADERS.id.toLowerCase()]: item.id,
      [WEBHOOK_HEADERS.event.toLowerCase()]: item.event,
      [WEBHOOK_HEADERS.timestamp.toLowerCase()]: String(timestamp),
      [WEBHOOK_HEADERS.signature.toLowerCase()]: signatureHeader(secrets, timestamp, item.body),
    };
  }

  async function attempt(item: ClaimedDelivery): Promise<Outcome> {
    const paused = unreachableUntil.get(item.endpoint_id);
    if (paused !== undefined && paused > Date.now()) return { kind: "deferred", until: paused };
    const result = await poster.post(item.url, headersOf(item, now()), item.body, stop.signal);
    if (result.unreachable && !stop.signal.aborted)
      unreachableUntil.set(item.endpoint_id, Date.now() + UNREACHABLE_PAUSE_MS);
    else if (!result.unreachable) unreachableUntil.delete(item.endpoint_id);
    return { kind: "attempted", result };
  }

  /** Writes what happened; answers the row, or nothing when the lease was lost meanwhile (another worker has it). */
  async function record(
    item: ClaimedDelivery,
    outcome: Outcome,
  ): Promise<{ id: string; status: WebhookDeliveryStatus } | undefined> {
    const at = now();
    const windowEnd = new Date(item.retry_from).getTime() + config.giveUpMs;
    if (outcome.kind === "deferred") {
      const next = outcome.until + Math.round(random() * 5000);
      const gaveUp = next > windowEnd;
      const [row] = await rowsOf<{ id: string; status: WebhookDeliveryStatus }>(
        db,
        sql`update webhook_deliveries set lease_until = null, next_attempt_at = ${new Date(next).toISOString()}::timestamptz,
              status = ${gaveUp ? "failed" : "pending"}, error = case when ${gaveUp} then coalesce(error, 'No answer') || ' — gave up after retrying for 24 h' else error end
            where id = ${item.id} and lease_until = ${item.lease}::timestamptz returning id, status`,
      );
      return row;
    }
    // A stop cut the attempt short: the row is sent again (by the next process) without counting it.
    if (outcome.result.error && stop.signal.aborted && outcome.result.unreachable) return undefined;
    const r = outcome.result;
    let status: WebhookDeliveryStatus = "succeeded";
    let next = at;
    let error = r.error;
    if (!r.ok) {
      next = new Date(at.getTime() + retryDelayMs(item.attempts + 1, config, random));
      status = next.getTime() > windowEnd ? "failed" : "pending";
      if (status === "failed")
        error = `${r.error ?? "Failed"} — gave up after retrying for ${Math.round(config.giveUpMs / 3_600_000)} h`;
    }
    const written = await outcomes.write({
      id: item.id,
      lease: item.lease,
      status,
      next: next.toISOString(),
      at: at.toISOString(),
      deliveredAt: r.ok ? at.toISOString() : null,
      responseStatus: r.status,
      responseBody: r.responseBody,
      error,
      durationMs: r.durationMs,
    });
    return written ? { id: item.id, status } : undefined;
  }

  /** The claim loop's work for one row. */
  async function process(item: ClaimedDelivery): Promise<void> {
    await record(item, await attempt(item));
  }

  /**
   * Leases one delivery of the owner's now (unless a worker holds it) and sends it; `resend` restarts its retry window.
   */
  async function sendNow(ownerId: string, deliveryId: string, resend: boolean): Promise<void> {
    if (!isUuid(deliveryId)) throw notFound("Webhook delivery not found");
    const at = now();
    const lease = new Date(at.getTime() + leaseMs).toISOString();
    const [item] = await rowsOf<ClaimedDelivery>(
      db,
      sql`update webhook_deliveries d set status = 'pending', next_attempt_at = ${lease}::timestamptz, lease_until = ${lease}::timestamptz,
            retry_from = case when ${resend} then ${at.toISOString()}::timestamptz else d.retry_from end
          from webhook_endpoints e
          where d.id = ${deliveryId} and d.user_id = ${ownerId} and e.id = d.endpoint_id
            and (d.lease_until is null or d.lease_until < ${at.toISOString()}::timestamptz)
          returning ${CLAIMED_COLUMNS}`,
    );
    if (!item) {
      const [held] = await rowsOf<{ id: string }>(
        db,
        sql`select id from webhook_deliveries where id = ${deliveryId} and user_id = ${ownerId}`,
      );
      if (!held) throw notFound("Webhook delivery not found");
      throw conflict("This delivery is being sent right now; look again in a few seconds");
    }
    await process(item);
  }

  /** A `webhook.test` delivery to one of the owner's endpoints, sent at once; answers its id. */
  async function test(ownerId: string, endpointId: string): Promise<string> {
    const { id: eventId, body } = envelope(WEBHOOK_TEST_EVENT, {
      endpointId,
      message: "This is a test delivery. If you can read this, your endpoint receives webhooks.",
    });
    const [row] = await rowsOf<{ id: string }>(
      db,
      // Due only after a lease's time: sent here at once, and by the delivery job should this process stop first.
      sql`insert into webhook_deliveries (endpoint_id, user_id, event, event_id, body, next_attempt_at)
          select id, user_id, ${WEBHOOK_TEST_EVENT}, ${eventId}, ${body}, ${new Date(now().getTime() + leaseMs).toISOString()}::timestamptz
          from webhook_endpoints where id = ${endpointId} and user_id = ${ownerId}
          returning id`,
    );
    if (!row) throw notFound("Webhook endpoint not found");
    await sendNow(ownerId, row.id, false);
    return row.id;
  }

  return {
    claim,
    process,
    sendNow,
    test,
    /** Cuts attempts under way short (server shutdown): their rows are sent again when their lease ends. */
    abort: () => stop.abort(),
  };
}

export type Deliverer = ReturnType<typeof createDeliverer>;
