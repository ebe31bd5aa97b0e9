// The WhatsApp part of the carriers bench (bench/carriers.mjs): a real server listening on a port, its Graph URL at a
// WhatsApp Cloud API stand-in (K numbers, R messages/s each), a channel connected through the API as a person would,
// an approved template, then one campaign of N/K recipients per number, started together. Counted: messages/s per
// number from start to the last send outcome; loss (a recipient without a final state, a send the stand-in never
// accepted) and duplicates (one recipient accepted twice); 130429 refusals the dispatcher slowed down for.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app";
import { whatsappCloudConfigFromEnv } from "../server/carriers/whatsapp-cloud/config";
import { DEFAULT_APP, DEFAULT_TOKEN, DOC_WABA_ID } from "../server/carriers/whatsapp-cloud/stand-in";
import { openDatabase } from "../server/db/client";
import { rowsOf } from "../server/services/campaigns/dispatch-sql";
import { insertCampaign, ordinaryNumbers, setBalance } from "../server/test/campaign-fixtures";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 4000);
const NUMBERS = Number(process.env.BENCH_NUMBERS ?? 1);
const MPS = Number(process.env.BENCH_MPS ?? 80);
const PER_NUMBER = Math.ceil(RECIPIENTS / NUMBERS);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const phones = Array.from({ length: NUMBERS }, (_, i) => `10654035224${String(5000 + i)}`);
// Meta is elsewhere: the stand-in runs in a process of its own.
const child = fork("bench/lib/whatsapp-stand-in-child.ts", { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
let nextId = 0;
const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
child.on("message", (m: { id: number; result?: unknown; error?: string }) => {
  const w = waiting.get(m.id);
  waiting.delete(m.id);
  if (m.error) w?.reject(new Error(m.error));
  else w?.resolve(m.result);
});
const ask = <T>(op: string, args: Record<string, unknown> = {}) =>
  new Promise<T>((resolve, reject) => {
    const id = ++nextId;
    waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
    child.send({ id, op, ...args });
  });
const standInUrl = await ask<string>("start", {
  options: { wabaId: DOC_WABA_ID, phones, behaviour: { messagesPerSecond: MPS, pairLimit: { count: 1000, windowMs: 60_000 }, delays: { sentMs: 100, deliveredMs: 400, readMs: 800 }, readReceipts: true, reviewMs: 50 } },
});

const probe = createServer();
await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
const port = (probe.address() as { port: number }).port;
await new Promise((r) => probe.close(r));

const dataDir = mkdtempSync(join(tmpdir(), "bench-carriers-"));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
const app = await buildApp({
  database,
  logger: false,
  config: {
    port, publicUrl: `http://127.0.0.1:${port}`, dataDir, webRoot: "./.no-web-root", jwtSecret: "bench", demoPassword: "bench-pw-1", jobIntervalMs: 60_000,
    whatsappCloud: { ...whatsappCloudConfigFromEnv({}), graphUrl: standInUrl },
  },
});
await app.listen({ port, host: "127.0.0.1" });
const login = await app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email: "user", password: "bench-pw-1" } });
const auth = { authorization: `Bearer ${login.json().data.token as string}` };
const { db } = database;
const [user] = await rowsOf<{ id: string }>(db, sql`select id from users where username = 'user'`);
await setBalance(db, user.id, "10000000.00");

// Connected as a person does: the form's call, then the webhook pasted at Meta (the stand-in verifies it).
const connected = await app.inject({
  method: "POST", url: "/api/v1/channels/whatsapp-cloud", headers: auth,
  payload: { name: "Bench", waba_id: DOC_WABA_ID, phone_number_id: phones[0], access_token: DEFAULT_TOKEN, app_secret: DEFAULT_APP.secret, messages_per_second: MPS },
});
if (connected.statusCode !== 201) throw new Error(`connect failed: ${connected.body}`);
const channel = connected.json().data as { _id: string; webhook: { url: string; verifyToken: string } };
if (phones.length > 1) {
  // The other numbers of the WABA, as one channel: added to its settings and numbers directly (the form takes one).
  const [row] = await rowsOf<{ id: string }>(db, sql`select id from wabas where waba_id = ${DOC_WABA_ID}`);
  for (const id of phones.slice(1)) {
    await db.execute(sql`insert into waba_phone_numbers (waba_id, phone_number_id, display_phone_number, verified_name, quality_rating, account_mode) values (${row.id}, ${id}, ${id}, 'Bench Market', 'GREEN', 'LIVE')`);
  }
  await db.execute(sql`update carrier_channels set settings = jsonb_set(settings, '{phoneNumberIds}', ${JSON.stringify(phones)}::jsonb), version = version + 1 where id = ${channel._id}`);
  app.carrier.invalidate();
}
if (!(await ask<boolean>("configureWebhook", { url: channel.webhook.url, verifyToken: channel.webhook.verifyToken }))) throw new Error("webhook not verified");

const form = new FormData();
for (const [k, v] of Object.entries({ waba_id: DOC_WABA_ID, name: "bench_update", language: "en_US", category: "UTILITY", components: JSON.stringify([{ type: "BODY", text: "Hi {{1}}, your order is on its way." , example: { body_text: [["Asha"]] } }]) })) form.append(k, v);
const made = await app.inject({ method: "POST", url: "/api/waba/create-template", headers: auth, payload: form as unknown as Record<string, unknown> });
if (made.statusCode !== 201) throw new Error(`template failed: ${made.body}`);
const templateId = made.json().data.id as string;
for (let i = 0; ; i++) {
  const [t] = await rowsOf<{ status: string }>(db, sql`select status from whatsapp_templates where id = ${templateId}`);
  if (t?.status === "APPROVED") break;
  if (i > 200) throw new Error("template not approved");
  await sleep(20);
}

const campaignIds: string[] = [];
for (const [i, phone] of phones.entries()) {
  campaignIds.push(await insertCampaign(db, { userId: user.id, templateId, templateName: "bench_update", sender: phone, numbers: ordinaryNumbers(PER_NUMBER, i * PER_NUMBER), holdPaise: PER_NUMBER * 100, status: "paused" }));
}
const total = PER_NUMBER * NUMBERS;
console.log(`WhatsApp Cloud API stand-in on ${database.kind}: ${total} recipients, ${NUMBERS} number(s) at ${MPS} msg/s each`);

const start = performance.now();
const mine = sql`campaign_id = any(${`{${campaignIds.join(",")}}`}::uuid[])`;
// Only this run's campaigns (the demo seed has campaigns of its own).
await db.execute(sql`update campaigns set status = 'running', started_at = now() where id = any(${`{${campaignIds.join(",")}}`}::uuid[])`);
let last = 0;
let lastOutcomeAt = start;
for (;;) {
  await sleep(1000);
  const [row] = await rowsOf<{ pending: number; done: number }>(db, sql`select count(*) filter (where state in ('queued', 'sending'))::int as pending, count(*) filter (where state not in ('queued', 'sending'))::int as done from campaign_recipients where ${mine}`);
  if (row.done > last) lastOutcomeAt = performance.now();
  const secs = (performance.now() - start) / 1000;
  if (Math.round(secs) % 5 === 0 || row.pending === 0) console.log(`  ${secs.toFixed(0).padStart(3)} s: ${row.done} sent (${row.done - last} in the last second)`);
  last = row.done;
  if (row.pending === 0) break;
}
const secs = (lastOutcomeAt - start) / 1000;
await ask("idle");
await sleep(1500);
const [states] = await rowsOf<Record<string, number>>(db, sql`select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state = 'delivered')::int as delivered, count(*) filter (where state = 'read')::int as read, count(*) filter (where state in ('failed', 'unknown'))::int as lost, count(*) filter (where attempts > 1)::int as retried from campaign_recipients where ${mine}`);
const stats = await ask<{ accepted: number; distinct: number; deliveries: number; refused: number }>("stats");
const [lostBy] = await rowsOf<Record<string, number>>(db, sql`select count(*) filter (where state = 'unknown')::int as unknown, count(*) filter (where state = 'failed')::int as failed from campaign_recipients where ${mine}`);
console.log(`whatsapp-cloud on ${database.kind}: ${total} messages in ${secs.toFixed(1)} s = ${(total / secs).toFixed(1)} msg/s (${(total / secs / NUMBERS).toFixed(1)} per number; Meta's default ceiling ${MPS})`);
console.log(`  accepted by the stand-in: ${stats.accepted} (distinct recipients ${stats.distinct}, duplicates ${stats.accepted - stats.distinct}); unknown: ${lostBy.unknown}, failed: ${lostBy.failed}; sent again after a 130429 or a lost lease: ${states.retried}`);
console.log(`  states after the receipts: ${JSON.stringify({ sent: states.sent, delivered: states.delivered, read: states.read })}; webhooks not answered 200 by our server: ${stats.refused} of ${stats.deliveries}`);
const ok = stats.accepted === total && stats.distinct === total && states.lost === 0;
console.log(ok ? "  no loss, no duplicates" : "  LOSS OR DUPLICATES: see above");
await app.close();
await ask("close");
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
