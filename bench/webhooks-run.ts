// The webhooks bench's body (run by bench/webhooks.mjs through tsx). 1: DELIVERIES events written through
// enqueueWebhookEvents in batches of 500 (as a receipt batch writes them) with the delivery job stopped: events per
// second into the queue. 2: the real delivery job (claim-loop, lease, signing, keep-alive HTTP, outcome writes) sends
// them into a receiver in another process: deliveries per second, from the first claim to the last outcome written.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app";
import { webhookConfigFromEnv } from "../server/config";
import { openDatabase } from "../server/db/client";
import { startClaimLoop } from "../server/db/claim-loop";
import { webhookDeliveryJob } from "../server/jobs/webhook-delivery";
import { rowsOf } from "../server/db/sql";
import { enqueueWebhookEvents, type WebhookEventInput } from "../server/services/webhooks/enqueue";
import { createEndpoint } from "../server/services/webhooks/endpoints";

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 20_000);
const BATCH = 500;

const receiver = fork(new URL("./lib/webhook-receiver.mjs", import.meta.url));
const ask = <T>(message?: string) =>
  new Promise<T>((resolve) => {
    receiver.once("message", (m) => resolve(m as T));
    if (message) receiver.send(message);
  });
const { port } = await ask<{ port: number }>();

const dataDir = mkdtempSync(join(tmpdir(), "bench-webhooks-"));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
const settings = { ...webhookConfigFromEnv(), allowPrivate: true, requireHttps: false };
const app = await buildApp({
  database,
  logger: false,
  config: { dataDir, webRoot: "./.no-web-root", jwtSecret: "bench", demoPassword: "bench-pw-1", webhooks: settings },
});
await app.ready();
const { db } = database;
await app.jobs.get("webhook-delivery")?.stop();
const [user] = await rowsOf<{ id: string }>(db, sql`select id from users where username = 'user'`);
await createEndpoint(db, user.id, { url: `http://127.0.0.1:${port}/hooks`, events: ["message.status"] }, settings);

const enqueueStart = performance.now();
for (let i = 0; i < DELIVERIES; i += BATCH) {
  const events: WebhookEventInput[] = Array.from({ length: Math.min(BATCH, DELIVERIES - i) }, (_, j) => ({
    ownerId: user.id,
    type: "message.status",
    data: {
      source: "campaign",
      messageId: String(i + j),
      campaignId: "00000000-0000-4000-8000-000000000000",
      channel: "whatsapp",
      to: "+919812345678",
      status: "delivered",
      at: new Date().toISOString(),
    },
  }));
  await enqueueWebhookEvents(db, events);
}
const enqueueSecs = (performance.now() - enqueueStart) / 1000;
console.log(
  `webhooks on ${database.kind}: ${DELIVERIES} events enqueued in ${enqueueSecs.toFixed(1)} s = ${Math.round(DELIVERIES / enqueueSecs)} events/s (batches of ${BATCH})`,
);

const start = performance.now();
const loop = startClaimLoop(db, webhookDeliveryJob(app.webhooks), {
  intervalMs: 200,
  batch: 100,
  log: app.log,
  concurrency: settings.concurrency,
});
let last = 0;
for (;;) {
  await new Promise((r) => setTimeout(r, 1000));
  const [row] = await rowsOf<{ done: number }>(
    db,
    sql`select count(*) filter (where status = 'succeeded')::int as done from webhook_deliveries`,
  );
  const secs = (performance.now() - start) / 1000;
  console.log(`  ${secs.toFixed(0).padStart(3)} s: ${row.done} delivered (${row.done - last} in the last second)`);
  last = row.done;
  if (row.done >= DELIVERIES) break;
}
const secs = (performance.now() - start) / 1000;
await loop.stop();
const counted = await ask<{ received: number; distinct: number }>("count");
console.log(
  `webhooks on ${database.kind}: ${DELIVERIES} deliveries in ${secs.toFixed(1)} s = ${Math.round(DELIVERIES / secs)} deliveries/s sustained with ${settings.concurrency} in flight; the receiver got ${counted.received} (${counted.distinct} distinct ids)`,
);
receiver.send("stop");
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
