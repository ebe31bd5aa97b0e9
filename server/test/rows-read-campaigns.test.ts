// Rows read per campaign read call: a campaign of 25,000 recipients (and 40 small ones) is seeded and ANALYZEd, each
// list, search, responses and report call runs through the app, and every statement it sent is re-run under
// EXPLAIN ANALYZE (rows-read.ts). A call's rows must stay under 5 x its page size + a constant: a count(*) over the
// campaign, a sort of all of it or a scan of its recipients for the report reads 25,000 and fails here.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THROUGHPUT_BUCKET_SECONDS } from "../../contract/domain/control-room";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { rowsOf } from "../db/sql";
import { encodeRecipientCursor } from "../services/campaigns/recipient-cursor";
import { insertCampaign } from "./campaign-read-fixtures";
import { DEMO_PASSWORD, demoSessions, freshDatabase } from "./harness";
import { isRead, rowsRead, statementRecorder } from "./rows-read";

const BIG = 25_000;
const SMALL_CAMPAIGNS = 40;
/** What any call may read besides its page: the session, the campaign, its rollup rows, the timeline's minutes. */
const CONSTANT = 400;
/** Two hours of sending in the live view's buckets. */
const LIVE_BUCKETS = (2 * 3600) / THROUGHPUT_BUCKET_SECONDS;

const recorder = statementRecorder();
let database: Database;
let app: FastifyInstance;
let token: string;
let big: string;
let deepCursor: string;

beforeAll(async () => {
  database = await freshDatabase({ queryLog: recorder.queryLog });
  app = await buildApp({
    database,
    logger: false,
    config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "x" },
  });
  await app.ready();
  const { db } = database;
  const session = await demoSessions(app).login("manager");
  token = session.token;
  // Two days ago from 09:30 to 11:40 India time: one Kolkata day, so the per-day rollup's rows do not double when
  // the test runs just after midnight there (the span of "the last three hours" did, and broke the bound in CI).
  const started = new Date(Date.now() - 2 * 86_400_000);
  started.setUTCHours(4, 0, 0, 0);
  big = await insertCampaign(db, {
    userId: session.id,
    channel: "whatsapp",
    name: "Big sale",
    status: "completed",
    startedAt: started,
    completedAt: new Date(started.getTime() + 3 * 3_600_000),
  });
  // Two hours of sending: delivered, read, a few replied, a tenth failed with four codes, some not sent.
  await db.execute(sql`
    insert into campaign_recipients (campaign_id, user_id, "row", number, variables, state, code, reason, cost_paise, sent_at, delivered_at, read_at, replied_at, failed_at)
    select ${big}::uuid, ${session.id}::uuid, g, '+9197' || lpad(g::text, 8, '0'), '{}'::text[], x.state,
           case when x.state = 'failed' then (array['131026', '131049', '131047', '404'])[1 + g % 4] end,
           case when x.state = 'failed' then 'Message undeliverable' end,
           case when x.state in ('queued', 'failed') then 0 else 80 end,
           case when x.state <> 'queued' then x.at end,
           case when x.state in ('delivered', 'read', 'replied') then x.at + interval '20 seconds' end,
           case when x.state in ('read', 'replied') then x.at + interval '90 seconds' end,
           case when x.state = 'replied' then x.at + interval '5 minutes' end,
           case when x.state = 'failed' then x.at + interval '20 seconds' end
    from generate_series(1, ${BIG}) g
    cross join lateral (select ${started.toISOString()}::timestamptz + (g * 7200 / ${BIG}) * interval '1 second' as at,
      case when g % 100 = 0 then 'replied' when g % 100 < 46 then 'delivered' when g % 100 < 71 then 'read'
           when g % 100 < 81 then 'failed' when g % 100 < 91 then 'sent' else 'queued' end as state) x`);
  // Its throughput as the dispatcher wrote it: a bucket per THROUGHPUT_BUCKET_SECONDS of the two hours it sent.
  await db.execute(sql`
    insert into campaign_throughput (campaign_id, bucket, sent, failed)
    select ${big}::uuid, ${started.toISOString()}::timestamptz + g * ${THROUGHPUT_BUCKET_SECONDS} * interval '1 second', 30, 3
    from generate_series(0, ${LIVE_BUCKETS - 1}) g`);
  for (let c = 0; c < SMALL_CAMPAIGNS; c++) {
    const id = await insertCampaign(db, {
      userId: session.id,
      channel: "sms",
      name: `Small ${c}`,
      status: "completed",
    });
    await db.execute(sql`
      insert into campaign_recipients (campaign_id, user_id, "row", number, variables, state)
      select ${id}::uuid, ${session.id}::uuid, g, '+9196' || lpad((${c * 100} + g)::text, 8, '0'), '{}'::text[], 'delivered'
      from generate_series(1, 50) g`);
  }
  const [deep] = await rowsOf<{ row: number; id: number }>(
    db,
    sql`select "row", id::int from campaign_recipients where campaign_id = ${big} and "row" = 20000`,
  );
  deepCursor = encodeRecipientCursor(deep);
  await db.execute(sql`analyze`);
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** [call, url, page size]: the page size is 0 for calls without one (they read a constant). */
const CALLS: [string, () => string, number][] = [
  ["campaigns.list page 1", () => "/api/v1/campaigns?page=1&limit=10", 10],
  ["campaigns.list page 3", () => "/api/v1/campaigns?page=3&limit=10", 10],
  ["campaigns.list, one channel", () => "/api/v1/campaigns?page=1&limit=10&channel=whatsapp", 10],
  ["campaigns.search", () => "/api/v1/campaigns/search?query=Big", 20],
  ["campaigns.get", () => `/api/v1/campaigns/${big}`, 0],
  ["responses page 1", () => `/api/campaigns/responses?campaignId=${big}`, 10],
  ["responses page 1 of 100", () => `/api/campaigns/responses?campaignId=${big}&limit=100`, 100],
  ["responses page 2", () => `/api/campaigns/responses?campaignId=${big}&page=2`, 20],
  ["responses, replied", () => `/api/campaigns/responses?campaignId=${big}&status=replied`, 10],
  ["responses, failed", () => `/api/campaigns/responses?campaignId=${big}&status=failed`, 10],
  ["responses after a deep cursor", () => `/api/campaigns/responses?campaignId=${big}&cursor=${deepCursor}`, 10],
  [
    "responses, replied, after a deep cursor",
    () => `/api/campaigns/responses?campaignId=${big}&status=replied&cursor=${deepCursor}`,
    10,
  ],
  // The report's timeline reads the campaign's minutes (the two hours it sent: ~130 rows; the planner scans the small
  // table whole, the demo seed's minutes too), folded into at most 200 points: its "page" is those points / 5.
  ["campaigns.status (the report)", () => `/api/reports/campaignStatus/${big}`, 40],
  // The report links to its log: a range read, never a sort of all 22,500 of the campaign's messages.
  ["message log of one campaign", () => `/api/v1/message-log?campaignId=${big}&limit=50`, 50],
  // The live control room, asked every few seconds while it runs: the chart's window of throughput buckets, never the
  // 25,000 recipients, nor (without a failover route to total) every bucket of its two hours.
  ["campaigns.live", () => `/api/v1/campaign-control/${big}/live`, 40],
];

describe("rows read by the campaign read calls, 25,000 recipients in one campaign", () => {
  it.each(CALLS)("%s reads at most 5 x its page + a constant", async (label, url, pageSize) => {
    const { result: res, statements } = await recorder.record(() =>
      app.inject({ method: "GET", url: url(), headers: { authorization: `Bearer ${token}` } }),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    let total = 0;
    const detail: string[] = [];
    for (const statement of statements.filter(isRead)) {
      const { rows, scans } = await rowsRead(database, statement);
      total += rows;
      if (rows > 0)
        detail.push(`${rows} rows: ${statement.sql.replace(/\s+/g, " ").slice(0, 160)} [${scans.join("; ")}]`);
    }
    console.info(`rows read (${database.kind}): ${label}: ${total} (bound ${5 * pageSize + CONSTANT})`);
    expect(total, detail.join("\n")).toBeLessThanOrEqual(5 * pageSize + CONSTANT);
  });

  it("a cursor's page follows page 1 without a gap or a repeat", async () => {
    const get = async (query: string) =>
      (
        await app.inject({
          method: "GET",
          url: `/api/campaigns/responses?campaignId=${big}&limit=5${query}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as { data: { row: number }[]; nextCursor: string | null; total: number };
    const first = await get("");
    const byPage = await get("&page=2");
    const byCursor = await get(`&cursor=${first.nextCursor}`);
    expect(first.total).toBe(BIG);
    expect(byCursor.data.map((r) => r.row)).toEqual(byPage.data.map((r) => r.row));
    expect(byCursor.data.map((r) => r.row)).toEqual([6, 7, 8, 9, 10]);
    const replied = await get("&status=replied");
    expect(replied.total).toBe(BIG / 100);
    expect(replied.data.map((r) => r.row)).toEqual([100, 200, 300, 400, 500]);
    const last = await get(`&cursor=${encodeRecipientCursor({ row: BIG, id: Number.MAX_SAFE_INTEGER })}`);
    expect(last).toMatchObject({ data: [], nextCursor: null });
  });

  it.each([
    "not-a-cursor",
    Buffer.from("1.x").toString("base64url"),
    Buffer.from("99999999999.1").toString("base64url"),
  ])("answers 400 for the cursor %s", async (cursor) => {
    const res = await app.inject({
      method: "GET",
      url: `/api/campaigns/responses?campaignId=${big}&cursor=${cursor}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: "The cursor is not valid" });
  });
});
