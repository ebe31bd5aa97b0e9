// A workflow run survives its server: the real server is killed with SIGKILL while a run waits, and started again on
// the same database; the run goes on at the time its wait ends (not before, not from the start), and each message
// reaches the provider once. PGlite on disk here, PostgreSQL in the PostgreSQL pass.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { chatMessages, conversations, workflowRuns, workflowSteps } from "../db/schema";
import { readSendLog, startChild, waitFor, type Child } from "./crash-child";
import { DEMO_PASSWORD, freshDatabase, migratedPglite } from "./harness";

const children: Child[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.process.exitCode === null) c.process.kill("SIGKILL");
});

/** The seeded WhatsApp conversation whose 24-hour window is open (free text may go). */
const CUSTOMER = "+919810000101";
const WAIT_S = 6;

describe("a run killed mid-wait", () => {
  it("resumes after a restart when its wait ends, sending each message once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "wf-restart-"));
    const pg = process.env.DATABASE_URL ? await freshDatabase() : null;
    let database: Database = pg ?? (await openDatabase({ dataDir, template: migratedPglite() }));
    const env = {
      DATABASE_URL: pg?.url ?? "",
      DATA_DIR: dataDir,
      JOB_INTERVAL_MS: "200",
      SANDBOX_SEND_LOG: join(dataDir, "sends.log"),
      SANDBOX_SEED: "restart",
    };

    const app = await buildApp({
      database,
      logger: false,
      config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "x", dataDir },
    });
    await app.ready();
    const token = (
      await app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { email: "manager", password: DEMO_PASSWORD },
      })
    ).json().data.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const addresses = (
      await app.inject({ method: "GET", url: "/api/v1/sandbox/phone/addresses", headers: auth })
    ).json().data as { channel: string; address: string }[];
    const [conversation] = await database.db
      .select()
      .from(conversations)
      .where(eq(conversations.customerNumber, CUSTOMER));
    const address = conversation?.businessAddress ?? addresses.find((a) => a.channel === "whatsapp")?.address ?? "";
    const graph = {
      nodes: [
        {
          id: "start",
          type: "trigger.webhook",
          position: { x: 0, y: 0 },
          data: { contactChannel: "whatsapp", contactAddress: address, contactNumber: CUSTOMER },
        },
        { id: "first", type: "action.send_text", position: { x: 0, y: 100 }, data: { text: "Before the wait" } },
        { id: "pause", type: "flow.wait", position: { x: 0, y: 200 }, data: { amount: WAIT_S, unit: "seconds" } },
        { id: "second", type: "action.send_text", position: { x: 0, y: 300 }, data: { text: "After the wait" } },
      ],
      edges: [
        { id: "a", source: "start", target: "first" },
        { id: "b", source: "first", target: "pause" },
        { id: "c", source: "pause", target: "second" },
      ],
    };
    const created = await app.inject({
      method: "POST",
      url: "/api/flow/v1/workflows",
      headers: auth,
      payload: { name: "Survives", graph },
    });
    const id = created.json().data._id as string;
    const published = await app.inject({
      method: "POST",
      url: `/api/flow/v1/workflows/${id}/publish`,
      headers: auth,
      payload: {},
    });
    expect(published.statusCode, published.body).toBe(200);
    const hook = published.json().data.webhookPath as string;
    await app.close();
    if (!pg) await database.close();

    const first = await startChild(env);
    children.push(first);
    const started = await fetch(`http://127.0.0.1:${first.port}${hook}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(started.status).toBe(200);
    const runId = ((await started.json()) as { runId: string }).runId;
    await waitFor(() => readSendLog(env.SANDBOX_SEND_LOG).accepted.length >= 1, 30_000, "the first message sent");
    // Into the wait (the send's step writes its outcome just after the provider took it), still well before its end.
    await new Promise((r) => setTimeout(r, 1500));
    const killedAt = Date.now();
    first.process.kill("SIGKILL");
    await first.exited;

    const second = await startChild(env);
    children.push(second);
    await waitFor(() => readSendLog(env.SANDBOX_SEND_LOG).accepted.length >= 2, 60_000, "the second message sent");
    // Let the last step's outcome be written, then stop cleanly.
    await new Promise((r) => setTimeout(r, 1500));
    second.process.kill("SIGTERM");
    await second.exited;

    if (!pg) database = await openDatabase({ dataDir });
    try {
      const [run] = await database.db.select().from(workflowRuns).where(eq(workflowRuns.id, runId));
      expect(run?.status).toBe("succeeded");
      const steps = await database.db
        .select()
        .from(workflowSteps)
        .where(eq(workflowSteps.runId, runId))
        .orderBy(asc(workflowSteps.seq));
      // "first" is succeeded, or skipped when the kill came between the send and its step's write: the restarted
      // process found the send's effect under the step key and did not send again (the send log below says once).
      expect(steps.map((s) => s.nodeId)).toEqual(["start", "first", "pause", "second"]);
      expect(steps.map((s) => s.status)).toEqual([
        "succeeded",
        expect.stringMatching(/^(succeeded|skipped)$/),
        "succeeded",
        "succeeded",
      ]);
      const until = new Date(String(steps[2]?.state.until));
      // Killed while waiting; the second message went after the wait's end, not at the restart.
      expect(killedAt).toBeLessThan(until.getTime());
      const sent = await database.db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.conversationId, conversation?.id ?? ""), eq(chatMessages.direction, "out")))
        .orderBy(asc(chatMessages.id));
      const texts = sent.map((m) => m.text).filter((t) => t === "Before the wait" || t === "After the wait");
      expect(texts).toEqual(["Before the wait", "After the wait"]);
      const after = sent.find((m) => m.text === "After the wait");
      expect(after?.createdAt.getTime()).toBeGreaterThanOrEqual(until.getTime());
      const log = readSendLog(env.SANDBOX_SEND_LOG);
      expect(new Set(log.accepted).size).toBe(log.accepted.length);
      expect(log.accepted).toHaveLength(2);
    } finally {
      await database.close();
    }
  }, 420_000);
});
