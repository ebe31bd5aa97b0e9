// Two server processes on one PostgreSQL send one campaign: FOR UPDATE SKIP LOCKED shares the recipients between
// them, and no recipient reaches the provider twice. Each process's sandbox logs what it accepted to its own file.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { campaignRecipients, campaigns } from "../db/schema";
import { insertCampaign, ordinaryNumbers, setBalance, whatsappTemplate } from "./campaign-fixtures";
import { readSendLog, startChild, waitFor, type Child } from "./crash-child";
import { DEMO_PASSWORD, freshDatabase } from "./harness";

const TOTAL = 4000;
const children: Child[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.process.exitCode === null) c.process.kill("SIGKILL");
});

describe("two server processes on one PostgreSQL", () => {
  it("share one campaign's recipients with no recipient sent twice", async () => {
    const database = await freshDatabase();
    try {
      const dataDir = mkdtempSync(join(tmpdir(), "two-"));
      const app = await buildApp({
        database,
        logger: false,
        config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "x", dataDir },
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

      const env = (n: number) => ({
        DATABASE_URL: database.url ?? "",
        DATA_DIR: dataDir,
        SANDBOX_SEND_LOG: join(dataDir, `sends-${n}.log`),
        SANDBOX_SEED: "two",
        SANDBOX_SENT_MS: "5-20",
        SANDBOX_DELIVERY_MS: "10-40",
        SANDBOX_WHATSAPP_MPS: "100000",
        DISPATCH_WHATSAPP_MPS: "400",
        DISPATCH_BATCH: "100",
      });
      children.push(await startChild(env(1)), await startChild(env(2)));
      await database.db.update(campaigns).set({ status: "running" }).where(eq(campaigns.id, id));
      await waitFor(
        async () => (await database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]?.status === "completed",
        120_000,
        "completed",
      );
      for (const c of children) c.process.kill("SIGTERM");
      await Promise.all(children.map((c) => c.exited));

      const one = readSendLog(env(1).SANDBOX_SEND_LOG).accepted;
      const two = readSendLog(env(2).SANDBOX_SEND_LOG).accepted;
      const rows = await database.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
      expect(one.length).toBeGreaterThan(0);
      expect(two.length).toBeGreaterThan(0);
      expect(one.filter((x) => two.includes(x))).toEqual([]);
      expect([...one, ...two].sort()).toEqual(rows.map((r) => String(r.id)).sort());
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      console.info(`two processes: ${one.length} + ${two.length} = ${TOTAL}, no id twice`);
    } finally {
      await database.close();
    }
  }, 240_000);
});
