// No webhook delivery is lost to a crash: the real server, sending to a slow receiver, is killed with SIGKILL mid-way
// and a new server on the same database sends the rest. Deliveries that were in flight at the kill are sent again
// when their lease ends, with the same X-Webhook-Id (at least once). PGlite on disk, and PostgreSQL in its pass.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { webhookDeliveries } from "../db/schema";
import { enqueueWebhookEvents } from "../services/webhooks/enqueue";
import { createEndpoint } from "../services/webhooks/endpoints";
import { startChild, waitFor, type Child } from "./crash-child";
import { DEMO_PASSWORD, freshDatabase, migratedPglite } from "./harness";
import { startReceiver } from "./webhook-receiver";

const TOTAL = 200;
const CONCURRENCY = 8;
const children: Child[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.process.exitCode === null) c.process.kill("SIGKILL");
});

/** PGlite is one process per data directory: the test lets go of it while a server runs. */
async function openShared(): Promise<{
  database: Database;
  env: Record<string, string>;
  exclusive: boolean;
  reopen(): Promise<Database>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), "webhook-crash-"));
  if (process.env.DATABASE_URL) {
    const database = await freshDatabase();
    return {
      database,
      env: { DATABASE_URL: database.url ?? "", DATA_DIR: dataDir },
      exclusive: false,
      reopen: async () => database,
    };
  }
  const database = await openDatabase({ dataDir, template: migratedPglite() });
  return {
    database,
    env: { DATABASE_URL: "", DATA_DIR: dataDir },
    exclusive: true,
    reopen: () => openDatabase({ dataDir }),
  };
}

describe("webhook deliveries across a crash", () => {
  it(`kill -9 while ${TOTAL} deliveries are being sent, start again: every one arrives, under its own id`, async () => {
    const receiver = await startReceiver();
    receiver.delay(150);
    const shared = await openShared();
    let database = shared.database;
    // Accounts and the endpoint through an app on the same database; the deliveries are written once it is closed,
    // so only the servers under test send them.
    const app = await buildApp({
      database,
      logger: false,
      config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "x", dataDir: shared.env.DATA_DIR },
    });
    await app.ready();
    const login = await app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "user", password: DEMO_PASSWORD },
    });
    const userId = login.json().data._id as string;
    await createEndpoint(
      database.db,
      userId,
      { url: receiver.url, events: ["campaign.status"] },
      { allowPrivate: true, requireHttps: false },
    );
    await app.close();
    const events = Array.from({ length: TOTAL }, (_, i) => ({
      ownerId: userId,
      type: "campaign.status" as const,
      data: {
        campaignId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
        name: `Campaign ${i}`,
        channel: "sms" as const,
        status: "running" as const,
        previousStatus: "scheduled" as const,
        reason: null,
        at: new Date().toISOString(),
      },
    }));
    expect(await enqueueWebhookEvents(database.db, events)).toBe(TOTAL);
    const ids = (await database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries))
      .map((r) => r.id)
      .sort();
    if (shared.exclusive) await database.close();

    const env = {
      ...shared.env,
      JOB_INTERVAL_MS: "100",
      WEBHOOK_CONCURRENCY: String(CONCURRENCY),
      WEBHOOK_TIMEOUT_MS: "1500",
      WEBHOOK_ALLOW_PRIVATE: "true",
    };
    const received = () => new Set(receiver.received.map((r) => String(r.headers["x-webhook-id"])));
    try {
      const first = await startChild(env);
      children.push(first);
      await waitFor(() => receiver.received.length >= TOTAL / 4, 60_000, "a quarter delivered");
      first.process.kill("SIGKILL");
      await first.exited;
      const atKill = received().size;
      expect(atKill).toBeLessThan(TOTAL);

      const second = await startChild(env);
      children.push(second);
      await waitFor(() => received().size >= TOTAL, 90_000, "every delivery received");
      // The outcomes of the last attempts are written, then a clean stop.
      await new Promise((r) => setTimeout(r, 1500));
      second.process.kill("SIGTERM");
      await second.exited;

      if (shared.exclusive) database = await shared.reopen();
      const rows = await database.db.select().from(webhookDeliveries);
      expect([...received()].sort()).toEqual(ids);
      expect(rows.filter((r) => r.status !== "succeeded")).toEqual([]);
      // Sent twice at most: only what was in flight when the first server died.
      const duplicates = receiver.received.length - TOTAL;
      expect(duplicates).toBeLessThanOrEqual(CONCURRENCY);
      console.info(
        `webhook crash (${database.kind}): ${atKill} received before kill -9, ${duplicates} sent again after the restart with the same id`,
      );
    } finally {
      await database.close();
      await receiver.close();
    }
  }, 240_000);
});
