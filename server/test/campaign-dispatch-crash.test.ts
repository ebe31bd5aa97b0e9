// Crash safety for real: the server sending a campaign is killed with SIGKILL mid-way and started again; every
// recipient must reach the provider exactly once (the sandbox takes our ids as idempotency keys), none skipped, and
// the money must add up. Runs on PGlite (a data directory on disk) and, in the PostgreSQL pass, on PostgreSQL.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { campaignRecipients, campaigns } from "../db/schema";
import { insertCampaign, ordinaryNumbers, setBalance, whatsappTemplate } from "./campaign-fixtures";
import { readSendLog, startChild, waitFor, type Child } from "./crash-child";
import { DEMO_PASSWORD, freshDatabase, migratedPglite } from "./harness";

const TOTAL = 3000;
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
  const dataDir = mkdtempSync(join(tmpdir(), "crash-"));
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

describe("crash and resume", () => {
  it(`kill -9 mid-campaign, start again: all ${TOTAL} recipients reach the provider exactly once and the money adds up`, async () => {
    const shared = await openShared();
    let database = shared.database;
    // Seed the accounts and the campaign through an app on the same database, then hand it to the real server.
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
    await setBalance(database.db, userId, "100000.00");
    const template = await whatsappTemplate(database.db, userId);
    const id = await insertCampaign(database.db, {
      userId,
      templateId: template.id,
      templateName: template.name,
      numbers: ordinaryNumbers(TOTAL),
      holdPaise: TOTAL * 20,
      status: "paused",
    });
    await app.close();
    await database.db.update(campaigns).set({ status: "running" }).where(eq(campaigns.id, id));
    if (shared.exclusive) await database.close();

    const log = join(shared.env.DATA_DIR, "sends.log");
    const env = {
      ...shared.env,
      SANDBOX_SEND_LOG: log,
      SANDBOX_SEED: "crash",
      SANDBOX_SENT_MS: "5-20",
      SANDBOX_DELIVERY_MS: "10-40",
      SANDBOX_READ_MS: "10-40",
      SANDBOX_REPLY_MS: "20-60",
      SANDBOX_WHATSAPP_MPS: "100000",
      DISPATCH_WHATSAPP_MPS: "300",
      DISPATCH_BATCH: "100",
      DISPATCH_LEASE_MS: "1500",
    };
    const first = await startChild(env);
    children.push(first);
    await waitFor(() => readSendLog(log).accepted.length >= TOTAL / 4, 60_000, "a quarter sent");
    first.process.kill("SIGKILL");
    await first.exited;
    const atKill = readSendLog(log).accepted.length;
    expect(atKill).toBeLessThan(TOTAL);

    const second = await startChild(env);
    children.push(second);
    await waitFor(() => readSendLog(log).accepted.length >= TOTAL, 90_000, "every recipient sent");
    // Outcomes of the last batch, lease recovery and completion: then a clean stop.
    if (!shared.exclusive) {
      await waitFor(
        async () => (await database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]?.status === "completed",
        30_000,
        "completed",
      );
    } else {
      await new Promise((r) => setTimeout(r, 4000));
    }
    second.process.kill("SIGTERM");
    await second.exited;

    if (shared.exclusive) database = await shared.reopen();
    try {
      const rows = await database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
      const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, id));
      const sent = readSendLog(log);
      const ids = rows.map((r) => String(r.id)).sort();
      // Exactly once: every recipient's id was accepted once, none twice, none missing.
      expect(sent.accepted.length).toBe(TOTAL);
      expect(new Set(sent.accepted).size).toBe(TOTAL);
      expect([...sent.accepted].sort()).toEqual(ids);
      expect(rows.filter((r) => r.state === "queued" || r.state === "sending" || r.state === "unknown")).toEqual([]);
      expect(campaign.status).toBe("completed");
      expect(campaign.spentPaise).toBe(rows.reduce((s, r) => s + r.costPaise, 0));
      expect(campaign.heldPaise).toBe(campaign.spentPaise);
      console.info(
        `crash-resume (${database.kind}): ${atKill} accepted before kill -9, ${sent.again} retried with the same id after restart, ${rows.filter((r) => r.attempts > 1).length} recipients with 2+ attempts`,
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
