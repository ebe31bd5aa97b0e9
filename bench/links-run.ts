// The work of `npm run bench -- links`: a tracked SMS campaign of BENCH_RECIPIENTS recipients on a fresh database,
// served over real HTTP, then BENCH_RATE requests a second for BENCH_SECONDS to its short links (each request a
// different recipient's code, people's User-Agent) and, in the same run, at the same rate, to /healthz (the floor:
// the same server and client with no database read). Prints latency percentiles side by side against the goal.
import { eq } from "drizzle-orm";
import autocannon from "autocannon";
import { loadavg } from "node:os";
import { campaignRecipients, campaigns, linkClicks, users } from "../server/db/schema";
import { linkCode, linkKeyOf } from "../server/services/links/code";
import { insertCampaign, ordinaryNumbers, smsTemplate } from "../server/test/campaign-fixtures";
import { startSeedApp } from "./lib/seed-app";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? "10000");
const RATE = Number(process.env.BENCH_RATE ?? "1000");
const SECONDS = Number(process.env.BENCH_SECONDS ?? "10");
const GOAL_MS = 10;
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";

const { app, database } = await startSeedApp("links");
const db = database.db;
// The demo manager owns the campaign, as a console-made one would.
const [{ id: owner }] = await db.select({ id: users.id }).from(users).where(eq(users.username, "manager"));
const sms = await smsTemplate(db, owner, "Your order: {#var#} - ACME");
const campaignId = await insertCampaign(db, {
  userId: owner,
  channel: "sms",
  templateId: sms.id,
  templateName: sms.name,
  smsAccountId: sms.accountId,
  numbers: ordinaryNumbers(RECIPIENTS),
  variables: ["{{link}}"],
  rowVariables: (n) => [`https://shop.example.in/orders/${n}`],
  holdPaise: 0,
});
await db.update(campaigns).set({ linkOrigin: "https://s.in" }).where(eq(campaigns.id, campaignId));
const key = linkKeyOf("bench");
const ids = (
  await db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId))
).map((r) => r.id);
const codes = ids.map((id) => linkCode(key, id, 0));

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

async function measure(label: string, path: (i: number) => string) {
  let i = 0;
  const result = await autocannon({
    url: origin,
    connections: 20,
    overallRate: RATE,
    duration: SECONDS,
    headers: { "user-agent": PHONE },
    requests: [{ setupRequest: (req) => ({ ...req, path: path(i++) }) }],
  });
  const { p50, p90, p97_5: p975, p99 } = result.latency;
  const ok = result["2xx"] + result["3xx"];
  console.log(
    `${label.padEnd(16)} ${String(result.requests.total).padStart(6)} requests (${ok} answered 2xx/3xx, ${result.non2xx - result["3xx"]} other), p50 ${p50} ms · p90 ${p90} ms · p97.5 ${p975} ms · p99 ${p99} ms`,
  );
  return p975;
}

console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")} (2 cores, shared)`,
);
console.log(`${RECIPIENTS.toLocaleString("en-IN")} recipients, ${RATE} requests/s for ${SECONDS} s, 20 connections`);
// Warm-up: plans cached, JIT warm.
await autocannon({ url: `${origin}/l/${codes[0]}`, connections: 4, amount: 500 });
const floor = await measure("/healthz (floor)", () => "/healthz");
const links = await measure("/l/:code", (n) => `/l/${codes[n % codes.length]}`);
await new Promise((r) => setTimeout(r, 1000));
const stored = (await db.select({ id: linkClicks.id }).from(linkClicks)).length;
console.log(`clicks stored: ${stored.toLocaleString("en-IN")}`);
console.log(
  `short link p97.5 ${links} ms (floor ${floor} ms) against the goal of p95 < ${GOAL_MS} ms: ${links < GOAL_MS ? "met" : "NOT met"}`,
);
await app.close();
await database.close();
