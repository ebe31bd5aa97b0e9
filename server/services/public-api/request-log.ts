// The request log (UMS requests): every public-API request made with a verified key, written in batches a little
// after its answer (one multi-row insert per flush, plus the keys' last-used time), so logging adds no write to the
// request itself. A crash loses at most the last flush interval of log rows, never a message or money (those are
// committed before the answer).
import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ClaimLoop } from "../../db/claim-loop";
import { startFlushLoop } from "../../db/flush-loop";

export interface UmsEntry {
  id: string;
  userId: string;
  apiKeyId: string;
  method: string;
  route: string;
  path: string;
  status: number;
  latencyMs: number;
  ip: string;
  errorCode: string | null;
  errorMessage: string | null;
  errorDetails: { field: string; message: string }[] | null;
  idempotencyKey: string | null;
  userAgent: string | null;
  requestBody: unknown;
  requestTruncated: boolean;
  responseBody: unknown;
  messageCount: number;
  createdAt: string;
}

/** Bodies bigger than this are kept as their first 64 KB of text. */
export const BODY_KEEP_BYTES = 64 * 1024;
/** Entries waiting while the database is unreachable; beyond this the oldest are dropped (and said so in the log). */
const BUFFER_MAX = 50_000;

/** A body as the log keeps it: the JSON itself, or (too big) the start of its text. */
export function keptBody(value: unknown): { body: unknown; truncated: boolean } {
  if (value === undefined || value === null || value === "") return { body: null, truncated: false };
  // PostgreSQL's jsonb cannot hold U+0000 (a refused body may carry one): it is kept as U+FFFD.
  const text = (typeof value === "string" ? value : JSON.stringify(value))
    .replaceAll("\u0000", "\ufffd")
    .replaceAll("\\u0000", "\\ufffd");
  if (text.length <= BODY_KEEP_BYTES) return { body: parseOr(text), truncated: false };
  return { body: text.slice(0, BODY_KEEP_BYTES), truncated: true };
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestLog extends ClaimLoop {
  add(entry: UmsEntry): void;
}

export function startRequestLog(db: Db, options: { flushMs: number; log: FastifyBaseLogger }): RequestLog {
  let buffer: UmsEntry[] = [];
  let dropped = 0;

  async function flush(): Promise<number> {
    if (buffer.length === 0) return 0;
    const batch = buffer;
    buffer = [];
    try {
      await insert(batch);
    } catch (err) {
      // One row the database refuses must not hold back the others: each alone; those refused again are dropped.
      const refused: UmsEntry[] = [];
      for (const entry of batch) await insert([entry]).catch(() => refused.push(entry));
      if (refused.length === batch.length) {
        // Nothing went in: the database is unreachable. Kept for the next flush.
        buffer = [...batch, ...buffer].slice(-BUFFER_MAX);
        throw err;
      }
      if (refused.length > 0)
        options.log.error({ err, dropped: refused.length }, "request log rows refused by the database");
    }
    return batch.length;
  }

  async function insert(batch: readonly UmsEntry[]): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into ums_requests (id, user_id, api_key_id, method, route, path, status, latency_ms, ip, error_code, error_message, error_details,
          idempotency_key, user_agent, request_body, request_truncated, response_body, message_count, created_at)
        select x."id", x."userId", x."apiKeyId", x."method", x."route", x."path", x."status", x."latencyMs", x."ip", x."errorCode", x."errorMessage",
          x."errorDetails", x."idempotencyKey", x."userAgent", x."requestBody", x."requestTruncated", x."responseBody", x."messageCount", x."createdAt"
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x("id" uuid, "userId" uuid, "apiKeyId" uuid, "method" text, "route" text, "path" text,
          "status" int, "latencyMs" real, "ip" text, "errorCode" text, "errorMessage" text, "errorDetails" jsonb, "idempotencyKey" text, "userAgent" text,
          "requestBody" jsonb, "requestTruncated" boolean, "responseBody" jsonb, "messageCount" int, "createdAt" timestamptz)
        on conflict (id) do nothing`);
      const lastUsed = new Map<string, string>();
      for (const e of batch) if ((lastUsed.get(e.apiKeyId) ?? "") < e.createdAt) lastUsed.set(e.apiKeyId, e.createdAt);
      await tx.execute(sql`
        update api_keys k set last_used_at = greatest(coalesce(k.last_used_at, x.at), x.at)
        from jsonb_to_recordset(${JSON.stringify([...lastUsed].map(([id, at]) => ({ id, at })))}::jsonb) as x(id uuid, at timestamptz)
        where k.id = x.id`);
    });
  }

  const loop = startFlushLoop(flush, {
    flushMs: options.flushMs,
    log: options.log,
    failed: "request log not written",
    overlap: "follow",
  });

  return {
    add(entry) {
      buffer.push(entry);
      if (buffer.length > BUFFER_MAX) {
        buffer.shift();
        dropped += 1;
        if (dropped % 1000 === 1) options.log.warn({ dropped }, "request log buffer full: oldest entries dropped");
      }
    },
    tick: loop.tick,
    stop: loop.stop,
  };
}
