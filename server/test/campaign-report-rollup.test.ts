// The report's rollups (campaign_timeline, campaign_failures: kept by a trigger) must say exactly what a direct count
// over the recipients says, the way the report computed it before the rollups: after a campaign sent through the
// sandbox (receipts, replies and failures arriving in their own statements), and after writers the dispatcher never
// uses (times moved across minutes, failures recoded, recipients deleted).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rowsOf } from "../db/sql";
import {
  dispatchServer,
  fastSandbox,
  insertCampaign,
  ordinaryNumbers,
  setBalance,
  until,
  whatsappTemplate,
  type DispatchServer,
} from "./campaign-fixtures";
import { freshDatabase } from "./harness";

const LIVE = 400;
let database: Database;
let server: DispatchServer;
let campaign: string;
let token: string;

interface Point {
  at: string;
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
}

/** The timeline as the report computed it before the rollup: every recipient x its five times, per minute. */
const directTimeline = async (): Promise<Point[]> =>
  (
    await rowsOf<Point & { at: Date | string }>(
      database.db,
      sql`select date_trunc('minute', e.at) as at,
           count(*) filter (where e.kind = 'sent')::int as sent, count(*) filter (where e.kind = 'delivered')::int as delivered,
           count(*) filter (where e.kind = 'read')::int as read, count(*) filter (where e.kind = 'replied')::int as replied,
           count(*) filter (where e.kind = 'failed')::int as failed
         from campaign_recipients r
         cross join lateral (values ('sent', r.sent_at), ('delivered', r.delivered_at), ('read', r.read_at), ('replied', r.replied_at), ('failed', r.failed_at)) as e(kind, at)
         join campaigns c on c.id = r.campaign_id
         where r.campaign_id = ${campaign} and e.at is not null and e.at >= date_trunc('minute', c.started_at)
         group by 1 order by 1`,
    )
  ).map((p) => ({ ...p, at: new Date(p.at).toISOString() }));

/** The error breakdown as the report computed it before the rollup (ties: no code first, as the rollup keys it). */
const directErrors = async () =>
  rowsOf<{ reason: string; code: string | null; count: number }>(
    database.db,
    sql`select coalesce(reason, 'Unknown') as reason, code, count(*)::int as count from campaign_recipients
        where campaign_id = ${campaign} and state = 'failed' group by 1, 2 order by 3 desc, 1, coalesce(code, '')`,
  );

const report = async () => {
  const res = await server.app.inject({
    method: "GET",
    url: `/api/reports/campaignStatus/${campaign}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { timeline: Point[]; errors: ErrorRow[] };
};

interface ErrorRow {
  reason: string;
  code: string | null;
  detail: string | null;
  count: number;
}
/** What the provider said: the report puts a known code in words and keeps the provider's text as its detail. */
const asStored = (errors: ErrorRow[]) =>
  errors.map(({ reason, code, detail, count }) => ({ reason: detail ?? reason, code, count }));

beforeAll(async () => {
  database = await freshDatabase();
  server = await dispatchServer(database, { carrier: fastSandbox("report-rollup") });
  const { db } = database;
  const userId = await server.id("manager");
  token = await server.token("manager");
  await setBalance(db, userId, "100000.00");
  const template = await whatsappTemplate(db, userId);
  campaign = await insertCampaign(db, {
    userId,
    templateId: template.id,
    templateName: template.name,
    sender: "rollup-live",
    numbers: ordinaryNumbers(LIVE, 700_000),
    holdPaise: LIVE * 20,
    status: "running",
  });
  await until(
    async () => (await rowsOf<{ status: string }>(db, sql`select status from campaigns where id = ${campaign}`))[0],
    (c) => c?.status === "completed",
    120_000,
  );
  // Receipts and replies keep arriving after the last send: wait until the sandbox's fates have all landed. Some
  // messages are never confirmed (the sandbox's "never-confirmed" fate, as carriers lose receipts), so "none left
  // sent" never comes: landed means the states held still for two seconds.
  let states = "";
  let stillSince = Date.now();
  await until(
    async () =>
      JSON.stringify(
        await rowsOf<{ state: string; n: number }>(
          db,
          sql`select state, count(*)::int as n from campaign_recipients where campaign_id = ${campaign} group by 1 order by 1`,
        ),
      ),
    (now) => {
      if (now !== states) [states, stillSince] = [now, Date.now()];
      return Date.now() - stillSince >= 2_000;
    },
    30_000,
  );
}, 300_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe("the report's rollups equal a direct count over the recipients", () => {
  it("after a campaign sent with receipts, replies and failures", async () => {
    const timeline = await directTimeline();
    const sum = (k: keyof Omit<Point, "at">) => timeline.reduce((s, p) => s + p[k], 0);
    // The sandbox's fates gave every kind of outcome, or this compares nothing.
    expect(sum("sent")).toBeGreaterThan(LIVE / 2);
    expect(sum("delivered")).toBeGreaterThan(0);
    expect(sum("replied")).toBeGreaterThan(0);
    expect(sum("failed")).toBeGreaterThan(0);
    const data = await report();
    expect(data.timeline).toEqual(timeline);
    expect(asStored(data.errors)).toEqual(await directErrors());
  });

  it.each([
    [
      "times moved across minutes",
      (
        c: string,
      ) => sql`update campaign_recipients set delivered_at = delivered_at + interval '7 minutes', read_at = null
          where campaign_id = ${c} and delivered_at is not null and id % 3 = 0`,
    ],
    [
      "failures recoded and new ones",
      (
        c: string,
      ) => sql`update campaign_recipients set state = 'failed', code = case when id % 2 = 0 then 'X1' end, reason = null,
          failed_at = coalesce(sent_at, now()) + interval '2 minutes' where campaign_id = ${c} and id % 5 = 0`,
    ],
    ["recipients deleted", (c: string) => sql`delete from campaign_recipients where campaign_id = ${c} and id % 7 = 0`],
  ])("after %s", async (_label, statement) => {
    await database.db.execute(statement(campaign));
    const data = await report();
    expect(data.timeline).toEqual(await directTimeline());
    expect(asStored(data.errors)).toEqual(await directErrors());
  });
});

describe("the report's size is bounded whatever the campaign's span and failures", () => {
  it("60 days of sends with 50 failure codes: at most 200 points, 20 error rows, under 50 KB", async () => {
    const { db } = database;
    const [own] = await rowsOf<{ user_id: string }>(db, sql`select user_id from campaigns where id = ${campaign}`);
    const started = new Date(Date.now() - 60 * 86_400_000);
    const [{ id }] = await rowsOf<{ id: string }>(
      db,
      sql`insert into campaigns (user_id, created_by, channel, name, status, template_id, template_name, source_kind, started_at)
          values (${own.user_id}, ${own.user_id}, 'whatsapp', 'Long run', 'completed', gen_random_uuid(), 'long', 'paste', ${started.toISOString()})
          returning id::text`,
    );
    // One recipient every 2 minutes for 60 days; every 10th failed with one of 50 codes.
    await db.execute(sql`
      insert into campaign_recipients (campaign_id, user_id, "row", number, variables, state, code, reason, sent_at, delivered_at, failed_at)
      select ${id}::uuid, ${own.user_id}::uuid, g, '+9195' || lpad(g::text, 8, '0'), '{}'::text[],
             case when g % 10 = 0 then 'failed' else 'delivered' end,
             case when g % 10 = 0 then 'E' || (g / 10) % 50 end, case when g % 10 = 0 then 'Rejected' end,
             ${started.toISOString()}::timestamptz + g * interval '2 minutes',
             case when g % 10 <> 0 then ${started.toISOString()}::timestamptz + g * interval '2 minutes' + interval '30 seconds' end,
             case when g % 10 = 0 then ${started.toISOString()}::timestamptz + g * interval '2 minutes' + interval '30 seconds' end
      from generate_series(1, 43200) g`);
    const res = await server.app.inject({
      method: "GET",
      url: `/api/reports/campaignStatus/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as {
      timeline: Point[];
      bucketMinutes: number;
      errors: ErrorRow[];
    };
    expect(data.timeline.length).toBeLessThanOrEqual(200);
    expect(data.timeline.length).toBeGreaterThan(50);
    expect(data.bucketMinutes).toBe(720);
    expect(res.body.length).toBeLessThan(50_000);
    // Widened, nothing lost: the points add up to every send.
    expect(data.timeline.reduce((s, p) => s + p.sent, 0)).toBe(43_200);
    expect(data.errors).toHaveLength(20);
    // 4,320 failures over 50 codes: 20 codes have 87, 30 have 86; the top 19 (87 each) are shown, the rest summed.
    expect(asStored(data.errors.slice(0, 19)).every((e) => e.count === 87 && e.reason === "Rejected")).toBe(true);
    expect(data.errors.at(-1)).toEqual({ reason: "Other", code: null, detail: null, count: 4320 - 19 * 87 });
    expect(data.errors.reduce((s, e) => s + e.count, 0)).toBe(4320);
  });
});
