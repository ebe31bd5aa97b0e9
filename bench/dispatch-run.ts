// The dispatch bench's body (run by bench/dispatch.mjs through tsx): RECIPIENTS recipients in campaigns of their own
// sender each, so no per-number limit caps the run; the real dispatcher, carrier-events consumer and sandbox (receipts
// and replies arriving while it sends) on a durable database (PGlite on disk, or DATABASE_URL). Prints messages per
// second from start to the last send outcome, and database row writes per message (pg_stat_user_tables).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app";
import { createSandboxCarrier } from "../server/carriers/sandbox";
import { testSandboxConfig } from "../server/carriers/sandbox/test-config";
import { openDatabase } from "../server/db/client";
import { pgArray, rowsOf } from "../server/db/sql";
import { insertCampaign, ordinaryNumbers, setBalance, whatsappTemplate } from "../server/test/campaign-fixtures";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 100);
const PER_SENDER = Math.ceil(RECIPIENTS / SENDERS);

const dataDir = mkdtempSync(join(tmpdir(), "bench-dispatch-"));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
const carrier = createSandboxCarrier(
  testSandboxConfig("bench", {
    sentMs: { min: 50, max: 300 },
    deliveryMs: { min: 200, max: 1000 },
    readMs: { min: 500, max: 2000 },
    replyMs: { min: 1000, max: 3000 },
    perSecond: { whatsapp: 80, sms: 100, rcs: 100 },
  }),
);
const app = await buildApp({
  database,
  logger: false,
  carrier,
  config: { dataDir, webRoot: "./.no-web-root", jwtSecret: "bench", demoPassword: "bench-pw-1" },
});
await app.ready();
const { db } = database;
const [user] = await rowsOf<{ id: string }>(db, sql`select id from users where username = 'user'`);
await setBalance(db, user.id, "10000000.00");
const template = await whatsappTemplate(db, user.id);
const ids: string[] = [];
const seedStart = performance.now();
for (let s = 0; s < SENDERS; s++) {
  ids.push(
    await insertCampaign(db, {
      userId: user.id,
      templateId: template.id,
      templateName: template.name,
      sender: `phone-${s}`,
      numbers: ordinaryNumbers(PER_SENDER, s * PER_SENDER),
      holdPaise: PER_SENDER * 20,
      status: "paused",
    }),
  );
}
const total = PER_SENDER * SENDERS;
console.log(
  `seeded ${total} recipients in ${SENDERS} campaigns (one sender each) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s on ${database.kind}`,
);

const writes = async () => {
  const [row] = await rowsOf<{ n: string }>(
    db,
    sql`select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text as n from pg_stat_user_tables`,
  );
  return Number(row?.n ?? 0);
};
/** Row writes per table, to name where they go. */
const writesByTable = async () =>
  new Map(
    (
      await rowsOf<{ t: string; n: string }>(
        db,
        sql`select relname as t, (n_tup_ins + n_tup_upd + n_tup_del)::text as n from pg_stat_user_tables`,
      )
    ).map((r) => [r.t, Number(r.n)]),
  );
const writesBefore = await writes();
const tablesBefore = await writesByTable();
const start = performance.now();
// CPU time of this process (every thread: PGlite, the dispatcher, the sandbox, GC) over the run: steadier than the
// wall clock on this machine, whose speed drifts by a third between runs.
const cpuStart = process.cpuUsage();
// Only the bench's campaigns: the demo seed has a paused campaign of its own (with no hold), which would never finish.
const mine = sql`${pgArray(ids)}::uuid[]`;
await db.execute(sql`update campaigns set status = 'running', started_at = now() where id = any(${mine})`);
let last = 0;
for (;;) {
  await new Promise((r) => setTimeout(r, 1000));
  const [row] = await rowsOf<{ pending: number; done: number }>(
    db,
    // From the dashboards' rollup (exact at every commit): a count over all the recipients each second took a share of
    // PGlite's one thread from the run it measured.
    sql`select coalesce(sum(recipients) filter (where state in ('queued', 'sending')), 0)::int as pending,
               coalesce(sum(recipients) filter (where state not in ('queued', 'sending')), 0)::int as done
        from recipient_daily_stats where campaign_id = any(${mine})`,
  );
  const secs = (performance.now() - start) / 1000;
  console.log(
    `  ${secs.toFixed(0).padStart(3)} s: ${row.done} sent (${Math.round((row.done - last) / 1)} in the last second)`,
  );
  last = row.done;
  if (row.pending === 0) break;
}
const secs = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuStart);
await new Promise((r) => setTimeout(r, 3000));
const [states] = await rowsOf<Record<string, number>>(
  db,
  sql`select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state = 'delivered')::int as delivered, count(*) filter (where state = 'read')::int as read, count(*) filter (where state = 'replied')::int as replied, count(*) filter (where state = 'failed')::int as failed from campaign_recipients where campaign_id = any(${mine})`,
);
const writeCount = (await writes()) - writesBefore;
const [completed] = await rowsOf<{ n: number }>(
  db,
  sql`select count(*)::int as n from campaigns where status = 'completed' and id = any(${mine})`,
);
console.log(
  `dispatch on ${database.kind}: ${total} messages in ${secs.toFixed(1)} s = ${Math.round(total / secs)} msg/s sustained; ${completed.n}/${SENDERS} campaigns completed`,
);
console.log(
  `  CPU time: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (${(cpu.system / 1e6).toFixed(1)} s in the kernel) = ${((cpu.user + cpu.system) / 1e3 / total).toFixed(3)} ms per message`,
);
console.log(`  recipient states 3 s later: ${JSON.stringify(states)}`);
console.log(
  `  database row writes: ${writeCount} = ${(writeCount / total).toFixed(2)} per message (claim, outcome, receipts and replies; from pg_stat_user_tables)`,
);
const perTable = [...(await writesByTable())]
  .map(([t, n]) => [t, n - (tablesBefore.get(t) ?? 0)] as const)
  .filter(([, n]) => n > 0)
  .sort((a, b) => b[1] - a[1]);
const [hot] = await rowsOf<{ upd: string; hot: string }>(
  db,
  sql`select n_tup_upd::text as upd, n_tup_hot_upd::text as hot from pg_stat_user_tables where relname = 'campaign_recipients'`,
);
console.log(`  campaign_recipients updates: ${hot.upd}, of which HOT (no index written) ${hot.hot}`);
console.log(`  per message by table: ${perTable.map(([t, n]) => `${t} ${(n / total).toFixed(2)}`).join(", ")}`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
