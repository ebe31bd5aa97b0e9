#!/usr/bin/env node
// `npm test`: every check CI runs, in order, stopping at the first failure.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";

/**
 * The PostgreSQL pass of npm test: the files where PostgreSQL and PGlite part ways (several connections and
 * processes, SKIP LOCKED claims, LISTEN/NOTIFY, COPY, the long pool, triggers, query plans) and the two that call
 * every route (so every route's SQL runs on PostgreSQL once). `npm run test:pg` runs every server file there.
 */
const POSTGRES_FILES = [
  "server/test/access.test.ts", // every call x every role
  "server/test/segments.test.ts", // each segment operator's SQL (jsonb, numeric casts, EXISTS) on both databases
  "server/test/campaign-schedules.test.ts", // a due run made once under two claims (SKIP LOCKED, savepoints), on both databases
  "server/test/conversions.test.ts", // attribution by code and by number in the window, idempotency, on both databases
  "server/test/engagement-daily.test.ts", // the click and conversion rollup's triggers (transition tables) on both databases
  "server/test/conversion-postback.test.ts", // the postback URL: hashed token, replaced and revoked, window setting
  "server/test/campaign-splits.test.ts", // A/B slices through the ingest (COPY on PostgreSQL), the winner, roles
  "server/test/campaign-splits-decide.test.ts", // Decide now twice at once: two connections, one remainder
  "server/test/call-schemas.test.ts", // every call's bad input, nothing changed
  "server/test/team-csat.test.ts", // Team Reports' CSAT: each account's days in its zone, rounding in SQL
  "server/test/rows-read-inbox.test.ts", // the inbox list reads a page, not the inbox: plans differ per database
  "server/test/rows-read-contacts.test.ts", // a rare search fragment reads its matches through the trigram index
  "server/test/rows-read-engagement.test.ts", // the dashboard's clicks walk the (user_id, day) index, not every account's days
  "server/test/migrate-concurrently.pg.test.ts",
  "server/test/campaign-dispatch.test.ts",
  "server/test/campaign-dispatch-two.pg.test.ts",
  "server/test/campaign-dispatch-crash.test.ts",
  "server/test/campaign-pause.test.ts", // the bundle: a pause stops the sender within the in-flight window
  "server/test/campaign-pause-two.pg.test.ts", // the same with the pause made through another process (NOTIFY)
  "server/test/campaign-money.test.ts",
  "server/test/campaign-ingest.test.ts",
  "server/test/campaign-contact-vars.test.ts", // {{contact.x}} looked up per batch with = any(text[]) over the unique index
  "server/test/campaign-header-media.test.ts",
  "server/test/campaign-messaging-limit.test.ts",
  "server/test/campaign-dlt-check.test.ts", // a DLT route's pre-send check and start: what the route refuses is never sent
  "server/test/campaign-links.test.ts", // tracked links: the check's ~* URL pattern and CASE length, the redirect's join
  "server/test/campaign-estimate.test.ts", // parts counted at ingest (COPY on PostgreSQL): estimate = hold = spend
  "server/test/campaign-finish.test.ts", // the hold kept only for failovers that can still happen
  "server/test/campaign-settlement.test.ts", // charges on delivery given back by receipts and the cut-off (FOR UPDATE SKIP LOCKED)
  "server/test/campaign-failover-message.test.ts", // the failover SMS as its own message, its receipts by our id and by the provider's
  "server/test/rate-cards.test.ts", // card resolution by a recursive walk up the accounts, upserts by date, the audit
  "server/test/rate-cards-campaign.test.ts", // a campaign's held card (jsonb) prices its sends; the reseller's margin
  "server/test/rcs-conversations.test.ts", // a conversational RCS bot: a reply re-prices the day before into one conversation (advisory lock)
  "server/test/campaign-dnd-check.test.ts", // DND by category in the check's SQL, learnt from receipts in the batch statement
  "server/test/contacts.test.ts", // row-value cursor on timestamptz text, text[] labels (GIN, @>), jsonb key removal
  "server/test/contacts-import.test.ts", // INSERT … ON CONFLICT with xmax = 0, unnest of array literals, jsonb ||
  "server/test/campaign-save-contacts.test.ts", // a file audience upserted per batch: ON CONFLICT … WHERE, xmax = 0, beside COPY
  "server/test/contacts-public-api.test.ts", // UPDATE … FROM unnest with row IS DISTINCT FROM, api_idempotency jsonb
  "server/test/contacts-erase.test.ts", // sha256() in SQL, information_schema scan, jsonb_agg scrubbing
  "server/test/consent.test.ts", // distinct on over the ledger index, unnest with ordinality, data-modifying CTEs
  "server/test/public-api.test.ts",
  "server/test/public-api-dlt.test.ts", // 422 dlt_route_refused writes nothing
  "server/test/public-api-sms-receipts.test.ts", // a receipt taken by another process's bind: one delivery per state
  "server/test/public-api-journey.test.ts", // the built bundle: public API → each carrier → receipt → signed webhook
  "server/test/balance.test.ts",
  "server/test/seed-ledger.test.ts", // balance = ledger = the charges for every account, right after the seed
  "server/test/message-log.test.ts", // the cursor: microsecond times as text and row comparisons on both drivers
  "server/test/rows-read-campaigns.test.ts", // rows read per campaign read call, from EXPLAIN ANALYZE on both planners
  "server/test/rows-read-timeline.test.ts", // the customer timeline's pages, from EXPLAIN ANALYZE on both planners
  "server/test/campaign-report-rollup.test.ts", // the report's trigger-kept rollups = a direct count over the recipients
  "server/test/message-log-export.test.ts", // the log's export job: jsonb filters read back, the claim's SKIP LOCKED
  "server/test/campaign-live.test.ts", // the throttle read with the status, buckets upserted per round, alerts fired once (ON CONFLICT … WHERE)
  "server/test/campaign-refunds.test.ts", // refunds per recipient written by settlement's CTEs, summed against the ledger
  "server/test/chats.test.ts",
  "server/test/chat-labels.test.ts",
  "server/test/chat-card.test.ts",
  "server/test/chat-auto-assign.test.ts",
  "server/test/chat-sla.test.ts",
  "server/test/chat-sla-sort.test.ts", // "SLA due soonest": a generated column, a partial index, row-value cursors
  "server/test/chat-csat.test.ts", // CSAT: the answer capture before the inbound upsert, figures in the zone
  "server/test/chat-csat-dlt-route.test.ts", // CSAT over an SMPP DLT route: the registered survey text, scrubbed
  "server/test/chat-campaign-thread.test.ts", // the answered campaign message and the audience's name, in the inbound SQL
  "server/test/realtime-cluster.pg.test.ts",
  "server/test/scale.pg.test.ts", // two processes, one SIGKILLed: nothing lost or sent twice
  "server/test/sessions-peers.test.ts",
  "server/test/hot-queries.test.ts",
  "server/test/plan-cache.pg.test.ts", // the users list keeps its generic plan
  "server/test/row-locks.pg.test.ts", // a locked campaign does not hold up the rollup trigger's key check
  "server/test/settlement-race.pg.test.ts", // money given back as a dispatcher ends the campaign is released too
  "server/test/dashboard-rollup.test.ts",
  "server/test/reports.test.ts",
  "server/test/webhooks.test.ts",
  "server/test/workflows.test.ts",
];

/**
 * The PostgreSQL files that run one at a time, after the others: they start server processes of their own, race two
 * writers or time what they see (a dispatcher's pace, a lease, a pause's in-flight window), which a neighbour's load
 * would skew. The rest run two at a time.
 */
const ONE_AT_A_TIME = new Set([
  "server/test/migrate-concurrently.pg.test.ts",
  "server/test/campaign-dispatch.test.ts",
  "server/test/campaign-dispatch-two.pg.test.ts",
  "server/test/campaign-dispatch-crash.test.ts",
  "server/test/campaign-pause.test.ts",
  "server/test/campaign-pause-two.pg.test.ts",
  "server/test/public-api-sms-receipts.test.ts",
  "server/test/public-api-journey.test.ts",
  "server/test/realtime-cluster.pg.test.ts",
  "server/test/scale.pg.test.ts",
  "server/test/sessions-peers.test.ts",
  "server/test/row-locks.pg.test.ts",
  "server/test/settlement-race.pg.test.ts",
  // Reads the owner's balance while the campaigns its earlier tests started still settle, on a live dispatcher.
  "server/test/campaign-money.test.ts",
]);
const SIDE_BY_SIDE = POSTGRES_FILES.filter((f) => !ONE_AT_A_TIME.has(f));

/**
 * A step runs its command; steps that share a `group` run side by side (each is one single-threaded process, and the
 * machine has two cores), their output held back and printed whole when each ends.
 * @type {{ name: string, cmd: string[], env?: Record<string, string>, group?: string }[]}
 */
const steps = [
  // The RJSF validators are generated, not committed; tsc needs them on disk (vite and vitest write them too).
  { name: "generate form validators", cmd: ["npx", "tsx", "src/pages/common/validators/generate-validators.ts"] },
  { name: "typecheck (tsc)", cmd: ["npx", "tsc", "-p", "tsconfig.json", "--noEmit"], group: "static" },
  { name: "lint (eslint)", cmd: ["npx", "eslint", "."], group: "static" },
  {
    name: "format (prettier --check)",
    cmd: ["npx", "prettier", "--check", "--log-level", "warn", "."],
    group: "static",
  },
  { name: "unit + server suites (vitest, PGlite)", cmd: ["npx", "vitest", "run"] },
  {
    name: "server files against PostgreSQL, two at a time",
    // Two workers, not the three of the PGlite pass: the cluster's own processes share the two cores.
    cmd: [
      ...["node", "scripts/with-postgres.mjs", "npx", "vitest", "run", "--project", "server", "--maxWorkers", "2"],
      ...SIDE_BY_SIDE,
    ],
  },
  {
    name: "server files against PostgreSQL, one at a time",
    cmd: ["node", "scripts/with-postgres.mjs", "npx", "vitest", "run", "--project", "server", ...ONE_AT_A_TIME],
    env: { SERIAL_SERVER_TESTS: "1" },
  },
];

// e2e needs both the config and at least one spec; while the console is being
// written there may be none, which is reported rather than treated as a failure.
const hasSpecs =
  existsSync("e2e") && readdirSync("e2e", { recursive: true }).some((f) => String(f).endsWith(".spec.ts"));
const e2e = existsSync("playwright.config.ts") && hasSpecs;
if (e2e) {
  // What npm start runs: the console and the server bundle, which the e2e servers run (e2e/start-server.mjs).
  steps.push({ name: "build (console + server bundle)", cmd: ["node", "scripts/build.mjs"] });
  steps.push({ name: "e2e (playwright, PGlite)", cmd: ["npx", "playwright", "test"] });
  // The journeys that cross features again, each server on a PostgreSQL database of its own.
  steps.push({
    name: "e2e journeys (playwright, PostgreSQL)",
    cmd: ["node", "scripts/with-postgres.mjs", "npx", "playwright", "test", "e2e/journeys"],
  });
}

/** The steps' running processes. */
const running = new Set();
// Pass Ctrl-C / CI cancellation on to the running steps so nothing lingers.
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    if (running.size === 0) process.exit(128 + os.constants.signals[sig]);
    for (const child of running) child.kill(sig);
  });
}

const banner = (step) => `\n=== ${step.name}: ${step.cmd.join(" ")} ===\n`;

/** Runs one step; with `held`, its output is kept and printed after its banner when it ends. */
function run(step, held) {
  if (!held) console.log(banner(step));
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), {
      stdio: held ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...step.env },
    });
    running.add(child);
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    let ended = false;
    // A command that cannot start reports "error" and may then report "close" too.
    const done = (code) => {
      if (ended) return;
      ended = true;
      running.delete(child);
      if (held) process.stdout.write(`${banner(step)}\n${Buffer.concat(output).toString()}`);
      resolve({ name: step.name, code, secs: (performance.now() - t0) / 1000 });
    };
    child.on("error", (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      if (!held) console.error(err.message);
      done(127);
    });
    child.on("close", (code, signal) => done(code ?? 128 + (os.constants.signals[signal] ?? 0)));
  });
}

/** The steps in order, those of one group together: [[step], [tsc, eslint], [step], ...]. */
const batches = [];
for (const step of steps) {
  const last = batches.at(-1);
  if (step.group && last?.[0].group === step.group) last.push(step);
  else batches.push([step]);
}

/**
 * CPU seconds used by this process's descendants that ended and were waited for (Linux /proc: cutime + cstime, in
 * clock ticks of 1/100 s), so the summary says how busy each batch kept the cores. Processes that are never waited for
 * escape it: the PostgreSQL cluster (pg_ctl daemonises it), Playwright's browsers and web servers; their batches read
 * low. Exact for tsc, eslint, prettier, vitest on PGlite and the build.
 */
function childrenCpu() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const results = [];
let exitCode = 0;
for (const batch of batches) {
  const cpu0 = childrenCpu();
  const t0 = performance.now();
  const ended = await Promise.all(batch.map((step) => run(step, batch.length > 1)));
  const cpu1 = childrenCpu();
  const wall = (performance.now() - t0) / 1000;
  const cpu =
    cpu0 === undefined || cpu1 === undefined
      ? ""
      : `, cpu ${(cpu1 - cpu0).toFixed(0)} s = ${((cpu1 - cpu0) / wall).toFixed(2)} cores`;
  ended.forEach((r, i) => results.push({ name: r.name, ok: r.code === 0, secs: r.secs, cpu: i === 0 ? cpu : "" }));
  const failed = ended.find((r) => r.code !== 0);
  if (failed) {
    exitCode = failed.code;
    break;
  }
}

console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.secs.toFixed(1)} s${r.cpu})`);
for (const s of steps.slice(results.length)) console.log(`--   ${s.name} (not run)`);
if (!e2e) console.log("skip e2e (playwright): no playwright.config.ts or no e2e/**/*.spec.ts yet");
process.exit(exitCode);
