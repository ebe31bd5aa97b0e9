// What the carriers bench's runs share (bench/carriers-*-run.ts): a stand-in in a process of its own (the provider is
// another machine, and in the server's process its work would compete with the server's for one event loop), a real
// server listening on a port with durable state (PGlite on disk, or PostgreSQL when DATABASE_URL is set), the demo
// "user" signed in with a balance, the watch of the campaigns until every recipient has a send outcome, and the
// final count: states, and how often the provider took each recipient (loss: never; duplicate: more than once).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import type { ServerConfig } from "../../server/config";
import { openDatabase, type Database, type Db } from "../../server/db/client";
import { pgArray, rowsOf } from "../../server/db/sql";
import { setBalance } from "../../server/test/campaign-fixtures";

import type { StandInChild } from "./stand-in-ipc";

export { forkStandIn } from "./stand-in-ipc";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const port = (probe.address() as { port: number }).port;
  await new Promise((r) => probe.close(r));
  return port;
}

/**
 * Ends a run: the stand-in first (so no more webhooks or receipts arrive while the server closes), then the server,
 * given at most 20 s (the figures are printed by then; a close stuck behind a provider's retries must not hang the
 * bench).
 */
export async function finish(server: BenchServer, ask: StandInChild["ask"], ok: boolean): Promise<never> {
  await Promise.race([ask("close"), sleep(5_000)]);
  await Promise.race([server.close(), sleep(20_000)]);
  process.exit(ok ? 0 : 1);
}

export interface BenchServer {
  app: FastifyInstance;
  database: Database;
  db: Db;
  /** The demo "user"'s bearer header and id. */
  auth: { authorization: string };
  userId: string;
  close(): Promise<void>;
}

/** A real server on a free port, its database on disk (or DATABASE_URL), `config` merged over the bench's defaults. */
export async function startBenchServer(config: Partial<ServerConfig> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-carriers-"));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
  const app = await buildApp({
    database,
    logger: false,
    config: {
      port,
      publicUrl: `http://127.0.0.1:${port}`,
      dataDir,
      webRoot: "./.no-web-root",
      jwtSecret: "bench",
      demoPassword: "bench-pw-1",
      jobIntervalMs: 60_000,
      ...config,
    },
  });
  await app.listen({ port, host: "127.0.0.1" });
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email: "user", password: "bench-pw-1" },
  });
  const auth = { authorization: `Bearer ${login.json().data.token as string}` };
  const { db } = database;
  const [user] = await rowsOf<{ id: string }>(db, sql`select id from users where username = 'user'`);
  await setBalance(db, user.id, "10000000.00");
  return {
    app,
    database,
    db,
    auth,
    userId: user.id,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const inCampaigns = (ids: readonly string[]) => sql`campaign_id = any(${pgArray([...ids])}::uuid[])`;

/**
 * Starts the (paused) campaigns together and waits until none of their recipients is queued or sending, printing
 * progress every 5 s. Answers the seconds from the start to the last send outcome written.
 */
export async function runCampaigns(db: Db, campaignIds: readonly string[]): Promise<number> {
  const start = performance.now();
  // Only this run's campaigns (the demo seed has campaigns of its own).
  await db.execute(
    sql`update campaigns set status = 'running', started_at = now() where id = any(${pgArray([...campaignIds])}::uuid[])`,
  );
  let last = 0;
  let lastOutcomeAt = start;
  for (;;) {
    await sleep(1000);
    const [row] = await rowsOf<{ pending: number; done: number }>(
      db,
      sql`select count(*) filter (where state in ('queued', 'sending'))::int as pending, count(*) filter (where state not in ('queued', 'sending'))::int as done from campaign_recipients where ${inCampaigns(campaignIds)}`,
    );
    if (row.done > last) lastOutcomeAt = performance.now();
    const secs = (performance.now() - start) / 1000;
    if (Math.round(secs) % 5 === 0 || row.pending === 0)
      console.log(`  ${secs.toFixed(0).padStart(3)} s: ${row.done} sent (${row.done - last} in the last second)`);
    last = row.done;
    if (row.pending === 0) break;
  }
  return (lastOutcomeAt - start) / 1000;
}

export interface FinalStates {
  sent: number;
  delivered: number;
  read: number;
  unknown: number;
  failed: number;
  /** Recipients claimed more than once (a throttling refusal, a lost lease) before their outcome. */
  retried: number;
}

export async function finalStates(db: Db, campaignIds: readonly string[]): Promise<FinalStates> {
  const [row] = await rowsOf<FinalStates>(
    db,
    sql`select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state = 'delivered')::int as delivered,
          count(*) filter (where state = 'read')::int as read, count(*) filter (where state = 'unknown')::int as unknown,
          count(*) filter (where state = 'failed')::int as failed, count(*) filter (where attempts > 1)::int as retried
        from campaign_recipients where ${inCampaigns(campaignIds)}`,
  );
  return row;
}

/** Waits (up to `ms`) until no recipient of the campaigns is merely `sent`: every receipt the provider sent is in. */
export async function awaitReceipts(db: Db, campaignIds: readonly string[], ms = 30_000): Promise<FinalStates> {
  const end = Date.now() + ms;
  for (;;) {
    const states = await finalStates(db, campaignIds);
    if (states.sent === 0 || Date.now() > end) return states;
    await sleep(250);
  }
}

export interface TakenCount {
  /** Sends the provider took for the expected recipients. */
  accepted: number;
  distinct: number;
  /** Recipients the provider took more than once. */
  duplicated: number;
  /** Recipients the provider never took. */
  missing: number;
}

/** How often the provider took each expected recipient (its record of destinations, one entry per accepted send). */
export function countPerRecipient(expected: readonly string[], taken: readonly string[]): TakenCount {
  const per = new Map<string, number>(expected.map((n) => [n, 0]));
  let accepted = 0;
  for (const n of taken) {
    const seen = per.get(n);
    if (seen === undefined) continue;
    per.set(n, seen + 1);
    accepted++;
  }
  const counts = [...per.values()];
  return {
    accepted,
    distinct: counts.filter((c) => c > 0).length,
    duplicated: counts.filter((c) => c > 1).length,
    missing: counts.filter((c) => c === 0).length,
  };
}
