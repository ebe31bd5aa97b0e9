// Rows read by the per-day clicks and conversions (issue 41 item 3): a tracked campaign of 5,000 recipients with 20,000
// clicks (a fifth of them machines) and 2,000 conversions over 30 days, beside another account's 20,000 clicks, seeded
// and ANALYZEd. The campaign report's days and the dashboard's engagement figures read the rollup (engagement_daily),
// a row per campaign and day, among 48,000 rows of older history and other accounts: each statement is re-run under EXPLAIN ANALYZE (rows-read.ts) and must read at most a
// few rows per day of the range, never the clicks or conversions themselves.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignReportRecord, DashboardOverview } from "../../contract/calls";
import { addDays, reportDay } from "../../contract/domain/dashboards";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { insertCampaign } from "./campaign-read-fixtures";
import { DEMO_PASSWORD, demoSessions, freshDatabase } from "./harness";
import { isRead, rowsRead, statementRecorder } from "./rows-read";

const RECIPIENTS = 5_000;
const CLICKS = 20_000;
const CONVERSIONS = 2_000;
const DAYS = 30;
/** Older history beside them, written straight into the rollup: campaigns x days (the reads must skip it by index). */
const HISTORY_DAYS = 400;
const OWN_HISTORY = 20;
const OTHER_HISTORY = 100;
/** Rows per day of the range the reads may touch: one per campaign of the account and day, plus a constant. */
const PER_DAY = OWN_HISTORY + 1;
const CONSTANT = 40;

const recorder = statementRecorder();
let database: Database;
let app: FastifyInstance;
let token = "";
let tracked = "";
const today = reportDay(new Date());

async function seed(db: Database["db"], owner: string, name: string): Promise<string> {
  const id = await insertCampaign(db, { userId: owner, channel: "sms", name, linkOrigin: "https://go.example.in" });
  await db.execute(sql`insert into campaign_recipients (campaign_id, user_id, "row", number, variables, state, sent_at, delivered_at)
    select ${id}::uuid, ${owner}::uuid, g, '+9196' || lpad(g::text, 8, '0'), '{}'::text[], 'delivered',
      now() - interval '31 days', now() - interval '31 days'
    from generate_series(1, ${RECIPIENTS}) g`);
  // One statement, as the click recorder's batches are: the trigger sums it.
  await db.execute(sql`insert into link_clicks (campaign_id, recipient_id, position, device, machine, clicked_at)
    select ${id}::uuid, r.id, 0, 'mobile', g % 5 = 0, now() - (g % ${DAYS * 24}) * interval '1 hour'
    from generate_series(1, ${CLICKS}) g
    join campaign_recipients r on r.campaign_id = ${id}::uuid and r."row" = 1 + g % ${RECIPIENTS}`);
  await db.execute(sql`insert into conversions (user_id, external_id, kind, value_paise, occurred_at, campaign_id, recipient_id, attributed_by)
    select ${owner}::uuid, ${name} || '-' || g, 'order', 100 * g, now() - (g % ${DAYS * 24}) * interval '1 hour', ${id}::uuid, r.id, 'code'
    from generate_series(1, ${CONVERSIONS}) g
    join campaign_recipients r on r.campaign_id = ${id}::uuid and r."row" = 1 + g % ${RECIPIENTS}`);
  return id;
}

/** Campaigns of `owner` with a row on each of the HISTORY_DAYS days before today, as the triggers would have left. */
async function history(db: Database["db"], owner: string, campaigns: number): Promise<void> {
  for (let c = 0; c < campaigns; c++) {
    const id = await insertCampaign(db, { userId: owner, channel: "sms", name: `History ${c}` });
    await db.execute(sql`insert into engagement_daily (campaign_id, user_id, channel, day, clicks, clickers, conversions, revenue_paise)
      select ${id}::uuid, ${owner}::uuid, 'sms', ${today}::date - g, 3, 1, 1, 100 from generate_series(1, ${HISTORY_DAYS}) g`);
  }
}

beforeAll(async () => {
  database = await freshDatabase({ queryLog: recorder.queryLog });
  app = await buildApp({
    database,
    logger: false,
    config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "x" },
  });
  await app.ready();
  const sessions = demoSessions(app);
  const manager = await sessions.login("manager");
  token = manager.token;
  tracked = await seed(database.db, manager.id, "Tracked sale");
  const globex = (await sessions.login("globex")).id;
  await seed(database.db, globex, "Another account's sale");
  await history(database.db, manager.id, OWN_HISTORY);
  // Other accounts' history, one campaign each: a platform's many owners, as the planner's statistics see them.
  const others = await database.db
    .insert(users)
    .values(
      Array.from({ length: OTHER_HISTORY }, (_, i) => ({
        username: `history-${i}`,
        email: `history-${i}@example.com`,
        passwordHash: "x",
        role: "user" as const,
      })),
    )
    .returning({ id: users.id });
  for (const other of others) await history(database.db, other.id, 1);
  await database.db.execute(sql`analyze`);
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The engagement reads, and any statement of the call that reads clicks or conversions. */
const OURS = /engagement_daily|link_clicks|conversions/;

async function measure(url: string, only: RegExp) {
  const { result: res, statements } = await recorder.record(() =>
    app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } }),
  );
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  let total = 0;
  const detail: string[] = [];
  for (const statement of statements.filter((s) => isRead(s) && only.test(s.sql))) {
    const { rows, scans } = await rowsRead(database, statement);
    // The reach's accounts (users by parent: what every dashboard figure looks up) are not the rollup's reads.
    const reach = scans.filter((x) => / on users: /.test(x)).reduce((n, x) => n + Number(x.split(": ").at(-1)), 0);
    total += rows - reach;
    detail.push(`${rows} rows: ${statement.sql.replace(/\s+/g, " ").slice(0, 160)} [${scans.join("; ")}]`);
  }
  return { res, total, detail };
}

describe("rows read by clicks and conversions per day, 20,000 clicks and 2,000 conversions a campaign", () => {
  it("the campaign report's days and clicks read the campaign's rollup rows, not its clicks", async () => {
    const { res, total, detail } = await measure(
      `/api/reports/campaignStatus/${tracked}`,
      /engagement_daily|link_clicks|link_click_devices/,
    );
    const report = (res.json() as { data: CampaignReportRecord }).data;
    const days = report.engagementDays ?? [];
    expect(days.length).toBeGreaterThanOrEqual(DAYS);
    expect(days.reduce((n, d) => n + d.clicks, 0)).toBe((CLICKS * 4) / 5);
    expect(report.links).toMatchObject({ clicks: (CLICKS * 4) / 5, machineFetches: CLICKS / 5 });
    // The days, the clickers (summed over the days) and the devices: two reads of the days, one of a device row.
    expect(detail.length, detail.join("\n")).toBe(3);
    const bound = 2 * (DAYS + 1) + CONSTANT;
    console.info(`rows read (${database.kind}): campaign days and clicks: ${total} (bound ${bound})`);
    expect(total, detail.join("\n")).toBeLessThanOrEqual(bound);
  });

  it.each([7, 30])("the dashboard's engagement over %i days reads the range's rollup rows only", async (days) => {
    const from = addDays(today, -(days - 1));
    const { res, total, detail } = await measure(`/api/dashboard/overview?from=${from}&to=${today}`, OURS);
    const engagement = (res.json() as { data: DashboardOverview }).data.engagement;
    expect(engagement.series).toHaveLength(days);
    expect(engagement.clicks).toBeGreaterThan(0);
    console.info(`rows read (${database.kind}): dashboard ${days} days: ${total} (bound ${PER_DAY * days + CONSTANT})`);
    expect(total, detail.join("\n")).toBeLessThanOrEqual(PER_DAY * days + CONSTANT);
  });
});
