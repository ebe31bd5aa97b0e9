// Prometheus metrics (prom-client), one registry per app (tests build several apps in one process). What is counted
// where it happens stays cheap on the hot paths: a histogram observation per HTTP request, a counter per carrier call
// or event. What needs the database (queue depth and age) is read when Prometheus scrapes, at most every
// QUEUE_CACHE_MS.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { sql } from "drizzle-orm";
import type { Db, PoolStats } from "../db/client";
import { rowsOf } from "../db/sql";

export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<"method" | "route" | "status_code">;
  /** Outbound submits (accepted, refused, error), receipts (sent, delivered, read, failed) and inbound, per channel. */
  messages: Counter<"channel" | "state">;
  carrierErrors: Counter<"channel" | "code">;
  carrierSendSeconds: Histogram<"channel">;
}

export interface MetricsSources {
  db: Db;
  /** This process's open sockets. */
  sockets(): number;
  poolStats?(): { main: PoolStats; long: PoolStats };
}

/** The queues of durable work: how many rows are due and how long the oldest has waited. */
const QUEUES_SQL = sql`
  select 'campaign_recipients' as queue, count(*)::int as depth,
    coalesce(extract(epoch from now() - min(c.started_at)), 0)::float8 as age
  from campaigns c join campaign_recipients r on r.campaign_id = c.id and r.state = 'queued'
  where c.status = 'running'
  union all
  select 'campaign_ingest', count(*)::int, coalesce(extract(epoch from now() - min(next_run_at)), 0)::float8
  from campaigns where status in ('draft', 'validating') and next_run_at <= now()
  union all
  select 'campaign_schedule', count(*)::int, coalesce(extract(epoch from now() - min(next_run_at)), 0)::float8
  from campaigns where status = 'scheduled' and next_run_at <= now()
  union all
  select 'template_review', count(*)::int, coalesce(extract(epoch from now() - min(next_check_at)), 0)::float8
  from whatsapp_templates where status in ('PENDING', 'APPROVED', 'PAUSED') and next_check_at <= now()`;

const QUEUE_CACHE_MS = 5000;

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP requests by method, route pattern (never the raw URL) and status code",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const messages = new Counter({
    name: "messages_total",
    help: "Messages by channel and state: submits (accepted, refused, error), receipts (sent, delivered, read, failed), inbound",
    labelNames: ["channel", "state"] as const,
    registers,
  });
  const carrierErrors = new Counter({
    name: "carrier_errors_total",
    help: "Carrier refusals and failures by channel and provider code (exception: the call itself failed)",
    labelNames: ["channel", "code"] as const,
    registers,
  });
  const carrierSendSeconds = new Histogram({
    name: "carrier_send_duration_seconds",
    help: "Time the carrier took to answer a send",
    labelNames: ["channel"] as const,
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });

  let queues: { at: number; rows: { queue: string; depth: number; age: number }[] } | undefined;
  const readQueues = async () => {
    if (!queues || Date.now() - queues.at > QUEUE_CACHE_MS)
      queues = { at: Date.now(), rows: await rowsOf(sources.db, QUEUES_SQL) };
    return queues.rows;
  };
  new Gauge({
    name: "queue_depth",
    help: "Durable work due now: queued recipients of running campaigns, audiences to read, scheduled starts, template reviews",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      for (const q of await readQueues()) this.set({ queue: q.queue }, q.depth);
    },
  });
  new Gauge({
    name: "queue_oldest_age_seconds",
    help: "How long the oldest due item of each queue has waited (recipients: since their campaign started)",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      for (const q of await readQueues()) this.set({ queue: q.queue }, q.depth > 0 ? q.age : 0);
    },
  });
  new Gauge({
    name: "sockets_connected",
    help: "Socket.io connections open on this process",
    registers,
    collect() {
      this.set(sources.sockets());
    },
  });
  if (sources.poolStats) {
    const stats = sources.poolStats;
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by pool (main, long) and state (max, total, idle, waiting: queries queued for a connection)",
      labelNames: ["pool", "state"] as const,
      registers,
      collect() {
        for (const [pool, s] of Object.entries(stats())) {
          for (const state of ["max", "total", "idle", "waiting"] as const) this.set({ pool, state }, s[state]);
        }
      },
    });
  }
  return { registry, httpDuration, messages, carrierErrors, carrierSendSeconds };
}
