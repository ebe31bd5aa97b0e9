// The keys' rate limits (requests per second and per day) in the rate_limits table, so every server process on one
// PostgreSQL shares one window per key. Requests are counted in batches: one multi-row upsert answers a whole batch
// of concurrent requests, each told its position in the window. Fixed windows start at a key's first request.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pgArray, rowsOf } from "../../db/sql";
import { createBatcher, type BatcherOptions } from "./batcher";

export interface RateRequest {
  keyId: string;
  perSecond: number;
  perDay: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterS: number; limit: string };

const WINDOWS = [
  { name: "s", ms: 1000, limit: (r: RateRequest) => r.perSecond, label: (n: number) => `${n} requests per second` },
  { name: "d", ms: 86_400_000, limit: (r: RateRequest) => r.perDay, label: (n: number) => `${n} requests per day` },
] as const;

const counterKey = (keyId: string, window: string) => `api:${keyId}:${window}`;

export interface RateGate {
  take(request: RateRequest): Promise<RateDecision>;
  drain(): Promise<void>;
}

export function createRateGate(db: Db, options: BatcherOptions): RateGate {
  const batcher = createBatcher<RateRequest, RateDecision>(async (requests) => {
    const perKey = new Map<string, number>();
    for (const r of requests) perKey.set(r.keyId, (perKey.get(r.keyId) ?? 0) + 1);
    const keys: string[] = [];
    const counts: number[] = [];
    const windows: number[] = [];
    for (const [keyId, n] of perKey) {
      for (const w of WINDOWS) {
        keys.push(counterKey(keyId, w.name));
        counts.push(n);
        windows.push(w.ms);
      }
    }
    const rows = await rowsOf<{ key: string; count: number; ttl: number }>(
      db,
      sql`insert into rate_limits (key, count, reset_at)
          select v.key, v.n, now() + v.ms * interval '1 millisecond'
          from unnest(${pgArray(keys)}::text[], ${pgArray(counts)}::int[], ${pgArray(windows)}::int[]) as v(key, n, ms)
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then excluded.count else rate_limits.count + excluded.count end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
          returning key, count, ceil(extract(epoch from (reset_at - now())) * 1000)::float8 as ttl`,
    );
    const after = new Map(rows.map((r) => [r.key, r]));
    const seen = new Map<string, number>();
    return requests.map((r): RateDecision => {
      const position = (seen.get(r.keyId) ?? 0) + 1;
      seen.set(r.keyId, position);
      const n = perKey.get(r.keyId) ?? 1;
      for (const w of WINDOWS) {
        const row = after.get(counterKey(r.keyId, w.name));
        if (!row) continue;
        // This request's place in the window: the count before this batch plus its position within it.
        if (row.count - n + position > w.limit(r))
          return { ok: false, retryAfterS: Math.max(1, Math.ceil(Number(row.ttl) / 1000)), limit: w.label(w.limit(r)) };
      }
      return { ok: true };
    });
  }, options);
  return { take: (request) => batcher.submit(request), drain: () => batcher.drain() };
}
