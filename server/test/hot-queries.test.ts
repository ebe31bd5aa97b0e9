// The recipients table is the biggest there is (every message of every campaign): no hot statement may read it
// sequentially. This seeds 60,000 recipients in 120 campaigns, ANALYZEs, then runs the real paths (a campaign sent
// with receipts and replies, progress, reports and downloads, a number's history, the message log, inbound chat, the
// metrics' queue query), records every statement they send, and EXPLAINs each one that touches campaign_recipients. PGlite and
// PostgreSQL (the PostgreSQL pass of npm test) plan alike.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { rowsOf } from "../db/sql";
import { fastSandbox, insertCampaign, ordinaryNumbers, setBalance, until, whatsappTemplate } from "./campaign-fixtures";
import { DEMO_PASSWORD, demoSessions, freshDatabase } from "./harness";

// Many campaigns, as an account that has sent for a while has: a page of the campaign list (10 of them) is then a
// small part of the table, as it is in production (with 30 big campaigns a page is a third of it and a sequential
// scan is the right plan).
const CAMPAIGNS = 120;
const PER_CAMPAIGN = 500;
const LIVE = 300;

interface Statement {
  sql: string;
  params: unknown[];
}

let recording = false;
const statements = new Map<string, Statement>();
let database: Database;
let app: FastifyInstance;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

beforeAll(async () => {
  database = await freshDatabase({
    queryLog: (text, params) => {
      if (recording && /campaign_recipients/i.test(text) && !statements.has(text))
        statements.set(text, { sql: text, params });
    },
  });
  const carrier = fastSandbox("hot-queries");
  app = await buildApp({
    database,
    logger: false,
    carrier,
    dispatch: { idleMs: 20, eventsFlushMs: 20, perSecond: { whatsapp: 100_000 }, batch: 100 },
    config: {
      demoPassword: DEMO_PASSWORD,
      webRoot: "./.no-web-root",
      jwtSecret: "x",
      jobIntervalMs: 100,
      metrics: { token: "m-token" },
    },
  });
  await app.ready();
  const { db } = database;
  const [user] = await rowsOf<{ id: string }>(db, sql`select id from users where username = 'manager'`);
  await setBalance(db, user.id, "1000000.00");
  const template = await whatsappTemplate(db, user.id);
  // History: finished campaigns with recipients in every final state, written in one statement each.
  for (let c = 0; c < CAMPAIGNS; c++) {
    const id = await insertCampaign(db, {
      userId: user.id,
      templateId: template.id,
      templateName: template.name,
      sender: `hist-${c}`,
      numbers: [],
      holdPaise: 0,
      status: "paused",
    });
    await db.execute(sql`
      insert into campaign_recipients (campaign_id, user_id, "row", number, variables, state, provider_message_id, sent_at, cost_paise)
      select ${id}::uuid, ${user.id}::uuid, g + 1, '+9198' || lpad((${c * PER_CAMPAIGN} + g)::text, 8, '0'), '{x}'::text[],
        (array['delivered','read','failed','sent','replied'])[1 + g % 5], 'p-' || ${c} || '-' || g, now() - interval '1 day', 20
      from generate_series(1, ${PER_CAMPAIGN}) g`);
    await db.execute(
      sql`update campaigns set status = 'completed', started_at = now() - interval '1 day', completed_at = now() where id = ${id}`,
    );
  }
  await db.execute(sql`analyze`);
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("hot statements on campaign_recipients", () => {
  it("none reads the table sequentially, with 60,000 rows analysed", async () => {
    const { db } = database;
    const sessions = demoSessions(app);
    const { token, id: userId } = await sessions.login("manager");
    const [template] = await rowsOf<{ id: string; name: string }>(
      db,
      sql`select id, name from whatsapp_templates where user_id = ${userId} limit 1`,
    );
    const [history] = await rowsOf<{ id: string; number: string }>(
      db,
      sql`select campaign_id as id, number from campaign_recipients where user_id = ${userId} limit 1`,
    );
    recording = true;
    // A live campaign: claimed, sent, outcomes written, receipts and replies applied, progress pushed, completed.
    const live = await insertCampaign(db, {
      userId,
      templateId: template.id,
      templateName: template.name,
      sender: "hot-live",
      numbers: ordinaryNumbers(LIVE, 900_000),
      holdPaise: LIVE * 20,
      status: "running",
    });
    await until(
      async () =>
        (await rowsOf<{ status: string }>(db, sql`select status from campaigns where id = ${live}`))[0]?.status,
      (s) => s === "completed",
      120_000,
    );
    // Reads: the campaign, its report, responses, downloads, a number's history, the list; inbound chat; metrics.
    const get = (url: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
      app.inject({ method: "GET", url, headers });
    for (const id of [live, history.id]) {
      for (const url of [
        `/api/v1/campaigns/${id}`,
        `/api/reports/campaignStatus/${id}`,
        `/api/campaigns/responses?campaignId=${id}`,
        `/api/campaigns/responses?campaignId=${id}&status=delivered`,
        `/api/reports/download-campaign-numbers/${id}`,
        `/api/reports/download-excel?campaignId=${id}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
      }
    }
    expect(
      (await get(`/api/v1/campaigns/numbers/history?number=${encodeURIComponent(history.number)}`)).statusCode,
    ).toBe(200);
    expect((await get("/api/v1/campaigns?page=1&limit=10")).statusCode).toBe(200);
    // The message log (issue 37): a number, a range of days and its next page, a campaign, a status.
    const day = new Date(Date.now() - 86_400_000).toISOString();
    const logPage = await get(`/api/v1/message-log?from=${day}&limit=20`);
    expect(logPage.statusCode).toBe(200);
    const next = (logPage.json() as { nextCursor: string | null }).nextCursor;
    for (const url of [
      `/api/v1/message-log?number=${encodeURIComponent(history.number)}`,
      `/api/v1/message-log?campaignId=${history.id}`,
      `/api/v1/message-log?status=failed`,
      ...(next ? [`/api/v1/message-log?from=${day}&limit=20&cursor=${next}`] : []),
    ])
      expect((await get(url)).statusCode, url).toBe(200);
    await app.carrier.simulateInbound?.({ channel: "whatsapp", from: history.number, to: "hist-0", text: "hello" });
    expect((await get("/metrics", { authorization: "Bearer m-token" })).statusCode).toBe(200);
    recording = false;

    const explained: string[] = [];
    const sequential: string[] = [];
    for (const { sql: text, params } of statements.values()) {
      if (/^\s*(insert|copy)\b/i.test(text) && !/select/i.test(text)) continue;
      const result = (await database.db.execute(
        sql.raw(`explain (format json) ${inline(text, params)}`),
      )) as unknown as { rows: { "QUERY PLAN": unknown }[] };
      const raw = result.rows[0]["QUERY PLAN"];
      const plan = ((typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0].Plan;
      explained.push(text);
      if (nodes(plan).some((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "campaign_recipients"))
        sequential.push(text.replace(/\s+/g, " ").slice(0, 300));
    }
    console.info(
      `hot queries (${database.kind}): ${explained.length} statements on campaign_recipients explained, ${sequential.length} sequential`,
    );
    expect(explained.length).toBeGreaterThan(10);
    expect(sequential).toEqual([]);
  }, 300_000);
});

/** The statement with its parameters written in as literals (EXPLAIN of a bare text is the same on both drivers). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value))
    return `'${`{${value.map((v) => (v === null ? "NULL" : `"${String(v).replace(/["\\]/g, "\\$&")}"`)).join(",")}}`.replace(/'/g, "''")}'`;
  const text = typeof value === "object" ? JSON.stringify(value) : String(value);
  return `'${text.replace(/'/g, "''")}'`;
}
