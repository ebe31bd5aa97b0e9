// A report's process killed for real: the server generating a detailed report is killed with SIGKILL mid-way and a new
// one is started on the same database; the report must end ready, redone under a new attempt, with every recipient
// once, and the dead attempt's partial file removed. Runs on PGlite (a data directory on disk) and, in the
// PostgreSQL pass, on PostgreSQL.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { ReportRecord } from "../../contract/calls";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { reports } from "../db/schema";
import { reportFileKey } from "../services/reports/files";
import { insertCampaign } from "./campaign-read-fixtures";
import { startChild, waitFor, type Child } from "./crash-child";
import { DEMO_PASSWORD, freshDatabase, migratedPglite } from "./harness";
import { generateUrl } from "./report-fixtures";

const TOTAL = 20_000;
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
  const dataDir = mkdtempSync(join(tmpdir(), "report-crash-"));
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

async function login(child: Child): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${child.port}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "manager", password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function reportOn(child: Child, token: string, id: string): Promise<ReportRecord> {
  const res = await fetch(`http://127.0.0.1:${child.port}/api/v1/reports/details/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: ReportRecord }).data;
}

describe("a report whose server is killed", () => {
  it(`kill -9 mid-report, start again: the report ends ready with all ${TOTAL} recipients once`, async () => {
    const shared = await openShared();
    let database = shared.database;
    // Accounts, a campaign of TOTAL recipients and the queued report, through an app on the same database whose job
    // loop never comes round (its first round ran before the report existed); then the real server takes over.
    const app = await buildApp({
      database,
      logger: false,
      config: {
        demoPassword: DEMO_PASSWORD,
        webRoot: "./.no-web-root",
        jwtSecret: "x",
        dataDir: shared.env.DATA_DIR,
        jobIntervalMs: 3_600_000,
      },
    });
    await app.ready();
    const login0 = await app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "manager", password: DEMO_PASSWORD },
    });
    const { _id: manager, token } = login0.json().data as { _id: string; token: string };
    const campaign = await insertCampaign(database.db, {
      userId: manager,
      channel: "sms",
      name: "Crash campaign",
      status: "completed",
      createdAt: new Date("2024-03-10T09:00:00Z"),
    });
    await database.db.execute(sql`
      insert into campaign_recipients (campaign_id, user_id, row, number, variables, state, sent_at, delivered_at, cost_paise)
      select ${campaign}::uuid, ${manager}::uuid, g, '+91' || (9000000000 + g)::text, '{}'::text[], 'delivered', now(), now(), 25
      from generate_series(1, ${TOTAL}) g`);
    const queued = await app.inject({
      method: "POST",
      url: generateUrl({ channel: "sms", campaignId: campaign, detailed: true }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(queued.statusCode, queued.body).toBe(201);
    const id = (queued.json().data as ReportRecord)._id;
    await app.close();
    if (shared.exclusive) await database.close();

    const env = { ...shared.env, JOB_INTERVAL_MS: "100", REPORT_BATCH_ROWS: "250", REPORT_LEASE_MS: "1500" };
    const first = await startChild(env);
    children.push(first);
    const firstToken = await login(first);
    let atKill: ReportRecord | undefined;
    await waitFor(
      async () => {
        atKill = await reportOn(first, firstToken, id);
        return atKill.status === "running" && atKill.rowsDone > 0;
      },
      60_000,
      "the report running",
    );
    first.process.kill("SIGKILL");
    await first.exited;
    expect(atKill?.rowsDone).toBeLessThan(TOTAL);

    const second = await startChild(env);
    children.push(second);
    const secondToken = await login(second);
    await waitFor(async () => (await reportOn(second, secondToken, id)).status === "ready", 90_000, "the report ready");
    const file = await fetch(`http://127.0.0.1:${second.port}/api/v1/reports/download/${id}`, {
      headers: { authorization: `Bearer ${secondToken}` },
    });
    expect(file.status).toBe(200);
    const rows = parse(await file.text(), { columns: true }) as Record<string, string>[];
    second.process.kill("SIGTERM");
    await second.exited;

    if (shared.exclusive) database = await shared.reopen();
    try {
      const [row] = await database.db.select().from(reports).where(eq(reports.id, id));
      expect(row).toMatchObject({ status: "ready", rowsDone: TOTAL, rowsTotal: TOTAL });
      expect(row.attempt).toBeGreaterThanOrEqual(2);
      expect(rows).toHaveLength(TOTAL);
      expect(new Set(rows.map((r) => r.number)).size).toBe(TOTAL);
      expect(rows.every((r) => r.state === "delivered" && r.campaign === "Crash campaign")).toBe(true);
      // The dead attempt's partial file is gone; the new attempt's is the one kept.
      expect(existsSync(join(shared.env.DATA_DIR, "uploads", reportFileKey(id, 1, "csv")))).toBe(false);
      expect(row.fileKey).toBe(reportFileKey(id, row.attempt, "csv"));
      console.info(
        `report crash-resume (${database.kind}): killed at ${atKill?.rowsDone}/${TOTAL} rows, ready after attempt ${row.attempt}`,
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
