// The workflow bench's body (bench/workflows.mjs runs it through tsx). A published workflow of three steps after its
// trigger (condition.text → action.set_field → action.tag) and TRIGGERS inbound-message events written at once, as
// the inbox writes them (in batches, with the messages); the real engine turns them into runs and works the steps.
// Runs started per second: events to runs. Steps per second, the figure compared to the target: the 3 worked steps of
// each run (the trigger's row, written done when the run starts, excluded) from the first event written to the last
// step's end. Step latency: from a step being queued to its end.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { WorkflowGraph } from "../contract/domain/workflow-graph";
import { buildApp } from "../server/app";
import { openDatabase } from "../server/db/client";
import { rowsOf } from "../server/db/sql";
import { enqueueEvents } from "../server/services/workflows/events";
import { createWorkflow, publishWorkflow } from "../server/services/workflows/store";

const TRIGGERS = Number(process.env.BENCH_TRIGGERS ?? 10_000);
const BATCH = 500;
/** Issue 14: at least this many worked steps per second on a 2-core machine with PGlite. */
const TARGET = 500;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

const dataDir = mkdtempSync(join(tmpdir(), "bench-workflows-"));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
const app = await buildApp({
  database,
  logger: false,
  config: {
    dataDir,
    webRoot: "./.no-web-root",
    jwtSecret: "bench",
    demoPassword: "bench-pw-1",
    jobIntervalMs: 200,
    workflows: { maxStepsPerRun: 200, accountConcurrency: 1000, allowPrivateHttp: false },
  },
});
await app.ready();
const { db } = database;
const [user] = await rowsOf<{ id: string }>(db, sql`select id::text as id from users where username = 'user'`);
const graph: WorkflowGraph = {
  nodes: [
    { id: "start", type: "trigger.inbound", position: { x: 0, y: 0 }, data: { channel: "any", match: "any" } },
    {
      id: "is_order",
      type: "condition.text",
      position: { x: 0, y: 100 },
      data: { value: "{{trigger.text}}", op: "contains", pattern: "order" },
    },
    {
      id: "remember",
      type: "action.set_field",
      position: { x: 0, y: 200 },
      data: { field: "last_order", value: "{{trigger.text}}" },
    },
    { id: "tag", type: "action.tag", position: { x: 0, y: 300 }, data: { tag: "asked-about-order" } },
  ],
  edges: [
    { id: "a", source: "start", target: "is_order" },
    { id: "b", source: "is_order", target: "remember", sourceHandle: "yes" },
    { id: "c", source: "remember", target: "tag" },
  ],
};
const row = await createWorkflow(db, user.id, { name: "Bench", graph });
await publishWorkflow(db, row, "bench", user.id);

console.log(`${TRIGGERS} triggers of a three-step workflow on ${database.kind}; load average at start ${load()}`);
const start = performance.now();
for (let i = 0; i < TRIGGERS; i += BATCH) {
  const events = Array.from({ length: Math.min(BATCH, TRIGGERS - i) }, (_, j) => ({
    ownerId: user.id,
    kind: "inbound" as const,
    payload: {
      channel: "whatsapp",
      to: "bench-number",
      from: `+9198${String(10_000_000 + i + j)}`,
      text: `order ${i + j}`,
      messageId: `bench-${i + j}`,
      receivedAt: new Date().toISOString(),
    },
  }));
  await db.transaction((tx) => enqueueEvents(tx, events));
}
void app.jobs.get("workflow-events")?.tick();
const written = (performance.now() - start) / 1000;
console.log(`  events written in ${written.toFixed(1)} s`);

let runsAt = 0;
for (;;) {
  await new Promise((r) => setTimeout(r, 1000));
  const [c] = await rowsOf<{ runs: number; done: number; steps: number }>(
    db,
    sql`select (select count(*)::int from workflow_runs) as runs, (select count(*)::int from workflow_runs where status = 'succeeded') as done,
          (select count(*)::int from workflow_steps where status in ('succeeded', 'skipped')) as steps`,
  );
  const secs = (performance.now() - start) / 1000;
  if (!runsAt && c.runs >= TRIGGERS) runsAt = secs;
  console.log(`  ${secs.toFixed(0).padStart(3)} s: ${c.runs} runs started, ${c.done} finished, ${c.steps} steps done`);
  if (c.done >= TRIGGERS) break;
  if (secs > 900) throw new Error("the bench did not finish in 15 minutes");
}
const [span] = await rowsOf<{ first: string; last: string; runs_last: string; steps: number }>(
  db,
  sql`select min(r.created_at)::text as first, max(s.finished_at)::text as last, max(r.created_at)::text as runs_last, count(s.*)::int as steps
      from workflow_runs r join workflow_steps s on s.run_id = r.id`,
);
const [lat] = await rowsOf<{ p50: number; p95: number; p99: number }>(
  db,
  sql`select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.95) within group (order by ms) as p95,
        percentile_cont(0.99) within group (order by ms) as p99
      from (select extract(epoch from (finished_at - created_at)) * 1000 as ms from workflow_steps where seq > 1) x`,
);
const total = (performance.now() - start) / 1000;
const runSpan = (new Date(span.runs_last).getTime() - new Date(span.first).getTime()) / 1000;
console.log(
  `runs started: ${TRIGGERS} in ${runSpan.toFixed(1)} s from the first run = ${Math.round(TRIGGERS / Math.max(runSpan, 0.001))} runs/s (all started ${runsAt.toFixed(0)} s after the first event)`,
);
const worked = Math.round((3 * TRIGGERS) / total);
console.log(
  `step rows: ${span.steps} (4 per run: the trigger's, written done when the run starts, and 3 worked) in ${total.toFixed(1)} s = ${Math.round(span.steps / total)} rows/s (not the target's figure)`,
);
console.log(
  `WORKED STEPS (3 per run, trigger excluded; the figure compared to the target): ${3 * TRIGGERS} in ${total.toFixed(1)} s from the first event written = ${worked} steps/s; target at least ${TARGET} steps/s: ${worked >= TARGET ? "target met" : "target NOT met"}`,
);
console.log(
  `step latency (queued to done): p50 ${Math.round(lat.p50)} ms, p95 ${Math.round(lat.p95)} ms, p99 ${Math.round(lat.p99)} ms`,
);
console.log(`load average at end ${load()} (1, 5, 15 min; the machine is shared)`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
