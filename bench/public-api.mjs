#!/usr/bin/env node
// `npm run bench -- public-api [pglite|postgres] [--seconds N] [--connections N]`: authenticated sends per second
// through the public API (POST /api/public/v1/messages with an API key) into the sandbox carrier, and their latency.
// Starts the real server (PGlite in a temporary data directory, then a throw-away PostgreSQL through
// scripts/with-postgres.mjs) with the demo accounts; the admin credits the demo user, which adds an SMS template to its
// sandbox SMS account and makes a key whose configuration allows 10,000 requests per second, and autocannon sends SMS
// template messages to distinct numbers from CONNECTIONS connections. Every 201 is a message accepted, paid through the
// ledger and queued; the bench then waits for the last accepted one to leave "queued" (handed to the carrier) and
// checks the user's balance moved by exactly the accepted messages' cost. BENCH_CPU_PROF=<dir> profiles the server.
// Targets (issue 12): 1,000 sends/s on PostgreSQL, 500 on PGlite.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createPgliteCluster, freePort, option, postgresAvailable, startServer } from "./lib/server.mjs";

const args = process.argv.slice(2);
const only = args[0] === "pglite" || args[0] === "postgres" ? args[0] : undefined;
const SECONDS = Number(option(args, "seconds", process.env.BENCH_SECONDS ?? 20));
const CONNECTIONS = Number(option(args, "connections", 64));
const PASSWORD = "bench-password-1";
const TARGETS = { pglite: 500, postgres: 1000 };
const CREDIT_RUPEES = 1_000_000;
const ACCOUNT = "user";

async function call(base, method, url, token, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

const login = async (base, username) =>
  (await call(base, "POST", "/api/v1/auth/login", null, { email: username, password: PASSWORD })).data;

/** The demo user, credited, with a key allowed 10,000 sends a second and an SMS template it can send. */
async function prepare(base) {
  const admin = await login(base, "admin");
  const user = await login(base, ACCOUNT);
  await call(base, "POST", "/api/balance/add-balance", admin.token, {
    userId: user._id,
    amount: CREDIT_RUPEES,
    note: "public-api bench",
  });
  const issued = await call(base, "POST", "/api/ums/v1/api-keys", user.token, {
    name: "Bench key",
    scopes: ["messages:send", "reports:read", "templates:manage"],
  });
  await call(base, "POST", "/api/ums/v1/key-configs", user.token, {
    apiKeyId: issued.data.apiKey.id ?? issued.data.apiKey._id,
    name: "Bench",
    channels: ["sms"],
    scopes: ["messages:send", "reports:read", "templates:manage"],
    ratePerSecond: 10_000,
    ratePerDay: 100_000_000,
  });
  const key = issued.data.key;
  const accounts = await call(base, "GET", "/api/sms/accounts", user.token);
  const account = (accounts.data ?? accounts.accounts ?? []).find((a) => a.isActive && a.senderIds?.length);
  if (!account) throw new Error(`the demo user has no active SMS account: ${JSON.stringify(accounts)}`);
  await call(base, "POST", "/api/sms/templates", user.token, {
    smsAccountId: account._id ?? account.id,
    name: "Bench OTP",
    body: "{#var#} is your login code. - Uday",
    category: "transactional",
    senderId: account.senderIds[0],
    dltTemplateId: "1107160000000009999",
  });
  const templates = await (
    await fetch(`${base}/api/public/v1/templates?channel=sms`, { headers: { "x-api-key": key } })
  ).json();
  const template = templates.data?.[0];
  if (!template) throw new Error(`the demo user has no SMS template to send: ${JSON.stringify(templates)}`);
  return { key, template, userToken: user.token };
}

const balanceOf = async (base, token) =>
  (await call(base, "GET", "/api/v1/balance/getBalance", token)).balances[0].balance;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function benchDatabase(kind) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-public-api-"));
  if (kind === "pglite") await createPgliteCluster(dataDir);
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it stops (PGlite; with PostgreSQL the wrapper's
  // too).
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = [process.execPath, ...profile, "--import", "tsx", "server/main.ts"];
  const argv = kind === "postgres" ? [path.resolve("scripts/with-postgres.mjs"), ...server] : server.slice(1);
  const { url: base, stop } = await startServer({
    args: argv,
    port,
    env: {
      DATA_DIR: dataDir,
      DEMO_PASSWORD: PASSWORD,
      SEED_DEMO: "true",
      WEB_ROOT: path.join(dataDir, "no-web"),
      RATE_LIMIT_LOGIN_PER_IP: "10000",
      ...(kind === "pglite" ? { DATABASE_URL: "" } : {}),
    },
  });
  try {
    const { key, template, userToken } = await prepare(base);
    const before = await balanceOf(base, userToken);
    let next = 0;
    const accepted = [];
    const statuses = new Map();
    const latencies = [];
    const result = await autocannon({
      url: `${base}/api/public/v1/messages`,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-api-key": key },
          // Distinct numbers: 98 followed by eight digits (the sandbox delivers them after its usual delays).
          // One request in flight per connection, so the connection's context times it (autocannon has no p95).
          setupRequest: (req, context) => {
            context.sentAt = performance.now();
            // A six-digit code per message, as an OTP sender's traffic has (no two bodies alike).
            const n = next++;
            const variables = [String(100_000 + ((n * 7919) % 900_000))];
            return {
              ...req,
              body: JSON.stringify({
                channel: "sms",
                to: `98${String(10_000_000 + (n % 90_000_000))}`,
                templateId: template.id,
                variables,
              }),
            };
          },
          onResponse: (status, body, context) => {
            latencies.push(performance.now() - context.sentAt);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 201) accepted.push(JSON.parse(body).data);
          },
        },
      ],
    });
    const perSecond = accepted.length / result.duration;
    const ended = performance.now();
    // Handed to the carrier: the last accepted message leaves "queued" (the dispatcher works them in order).
    const last = accepted.at(-1);
    let drainedS = null;
    for (const until = ended + 300_000; last && performance.now() < until; await sleep(250)) {
      const res = await fetch(`${base}/api/public/v1/messages/${last.id}`, { headers: { "x-api-key": key } });
      const status = res.ok ? (await res.json()).data.status : "unreadable";
      if (status !== "queued") {
        drainedS = (performance.now() - ended) / 1000;
        break;
      }
    }
    const spent = Math.round((before - (await balanceOf(base, userToken))) * 100);
    const charged = Math.round(accepted.reduce((sum, m) => sum + m.cost, 0) * 100);
    // Requests sent but not answered when autocannon stopped its clock: the server still accepts (and debits) them.
    const unanswered = result.requests.sent - [...statuses.values()].reduce((a, b) => a + b, 0);
    const unitPaise = Math.round((accepted[0]?.cost ?? 0) * 100);
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ");
    console.log(
      `\n${kind === "postgres" ? "PostgreSQL" : "PGlite"}: ${SECONDS} s, ${CONNECTIONS} connections, SMS template "${template.name}" (load ${load})`,
    );
    console.log(
      `  accepted (201): ${accepted.length} = ${perSecond.toFixed(0)} sends/s; answers: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(", ")}; errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    const sorted = latencies.sort((a, b) => a - b);
    console.log(
      `  latency: p50 ${pct(sorted, 50).toFixed(1)} ms  p95 ${pct(sorted, 95).toFixed(1)} ms  p99 ${pct(sorted, 99).toFixed(1)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
    console.log(
      `  the last accepted message left "queued" ${drainedS === null ? "NOT within 300 s" : `${drainedS.toFixed(1)} s after the run`}`,
    );
    const expected = charged + unanswered * unitPaise;
    console.log(
      `  balance moved by ₹${(spent / 100).toFixed(2)}; the accepted messages cost ₹${(charged / 100).toFixed(2)}, plus ${unanswered} sent as the clock stopped: ` +
        `${spent === expected ? "equal" : spent < expected && (expected - spent) % unitPaise === 0 ? "equal (some of those were not accepted)" : "NOT EQUAL"}`,
    );
    console.log(`  target ${TARGETS[kind]} sends/s: ${perSecond >= TARGETS[kind] ? "met" : "NOT met"}`);
  } finally {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (only !== "postgres") await benchDatabase("pglite");
if (only !== "pglite") {
  if (postgresAvailable()) await benchDatabase("postgres");
  else console.log("\nPostgreSQL: skipped, its server binaries are missing (apt-get install -y postgresql).");
}
