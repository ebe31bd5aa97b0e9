// The engagement rollup (issue 41 item 3): engagement_daily is kept by triggers on link_clicks and conversions. Here
// clicks (people and machines) and conversions land either side of midnight in India, arrive out of order, are
// erased with their recipient, and the rollup must equal a direct count over the two tables, day by day; the
// campaign report and the dashboard read it, and another account's clicks never show. Runs on PGlite and PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignReportRecord, DashboardOverview } from "../../contract/calls";
import { campaignRecipients, campaigns, conversions, linkClicks } from "../db/schema";
import { rowsOf } from "../db/sql";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let user: string;
let globex: string;
let campaignA: string;
let campaignB: string;
let campaignG: string;
/** The manager's, created by its department head (the "what reads it" part adds it). */
let campaignH = "";
/** Recipient ids by name. */
const r = new Map<string, number>();
const db = () => server.database.db;

// Midnight in India on 10 March 2030 is 18:30 UTC on the 9th.
const MIDNIGHT = Date.UTC(2030, 2, 9, 18, 30);
const at = (ms: number) => new Date(MIDNIGHT + ms);
const MIN = 60_000;
const HOUR = 60 * MIN;

const rid = (name: string) => {
  const id = r.get(name);
  if (id === undefined) throw new Error(`no recipient ${name}`);
  return id;
};
const click = (campaignId: string, recipient: string, when: Date, machine = false) => ({
  campaignId,
  recipientId: rid(recipient),
  position: 0,
  device: machine ? "unknown" : "mobile",
  machine,
  clickedAt: when,
});
let external = 0;
const conversion = (
  owner: string,
  campaignId: string | null,
  recipient: string | null,
  when: Date,
  paise: number | null,
) => ({
  userId: owner,
  externalId: `order-${++external}`,
  kind: "order",
  valuePaise: paise,
  occurredAt: when,
  campaignId,
  recipientId: recipient === null ? null : rid(recipient),
  attributedBy: recipient === null ? null : "code",
});

interface Day {
  campaign: string;
  day: string;
  clicks: number;
  clickers: number;
  conversions: number;
  revenue: number;
}

/** link_click_devices' rows that hold any click, and the same counted from link_clicks. */
const devices = async () =>
  rowsOf<{ campaign: string; device: string; machine: boolean; clicks: number }>(
    db(),
    sql`select campaign_id::text as campaign, device, machine, clicks from link_click_devices where clicks <> 0
        order by 1, 2, 3`,
  );
const directDevices = async () =>
  rowsOf<{ campaign: string; device: string; machine: boolean; clicks: number }>(
    db(),
    sql`select campaign_id::text as campaign, device, machine, count(*)::int as clicks from link_clicks
        group by 1, 2, 3 order by 1, 2, 3`,
  );

/** The rollup's rows that hold anything, as numbers. */
const rollup = async (): Promise<Day[]> =>
  (
    await rowsOf<Day & { revenue: string | number }>(
      db(),
      sql`select campaign_id::text as campaign, day::text as day, clicks, clickers, conversions, revenue_paise as revenue
        from engagement_daily where clicks <> 0 or clickers <> 0 or conversions <> 0 or revenue_paise <> 0
        order by 1, 2`,
    )
  ).map((d) => ({ ...d, revenue: Number(d.revenue) }));

/** The same figures counted straight from link_clicks and conversions, the India day written out in SQL. */
const direct = async (): Promise<Day[]> =>
  (
    await rowsOf<Day & { revenue: string | number }>(
      db(),
      sql`with c as (
            select campaign_id, (clicked_at at time zone 'Asia/Kolkata')::date as day, count(*)::int as clicks
            from link_clicks where not machine group by 1, 2),
          f as (
            select campaign_id, (min(clicked_at) at time zone 'Asia/Kolkata')::date as day, recipient_id
            from link_clicks where not machine group by campaign_id, recipient_id),
          p as (select campaign_id, day, count(*)::int as clickers from f group by 1, 2),
          v as (
            select campaign_id, (occurred_at at time zone 'Asia/Kolkata')::date as day, count(*)::int as conversions,
              sum(coalesce(value_paise, 0))::bigint as revenue
            from conversions where campaign_id is not null and recipient_id is not null group by 1, 2),
          k as (select campaign_id, day from c union select campaign_id, day from p union select campaign_id, day from v)
        select k.campaign_id::text as campaign, k.day::text as day, coalesce(c.clicks, 0) as clicks,
          coalesce(p.clickers, 0) as clickers, coalesce(v.conversions, 0) as conversions, coalesce(v.revenue, 0) as revenue
        from k left join c using (campaign_id, day) left join p using (campaign_id, day) left join v using (campaign_id, day)
        order by 1, 2`,
    )
  ).map((d) => ({ ...d, revenue: Number(d.revenue) }));

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  user = await server.id("user");
  globex = await server.id("globex");
  campaignA = await insertCampaign(db(), { userId: user, channel: "sms", linkOrigin: "https://go.example.in" });
  campaignB = await insertCampaign(db(), { userId: user, channel: "whatsapp" });
  campaignG = await insertCampaign(db(), { userId: globex, channel: "sms", linkOrigin: "https://go.example.in" });
  const sent = { state: "delivered" as const, sentAt: at(-2 * HOUR), deliveredAt: at(-2 * HOUR) };
  const a = await insertRecipients(db(), campaignA, user, [
    { number: "+919000020001", ...sent },
    { number: "+919000020002", ...sent },
    { number: "+919000020003", ...sent },
    { number: "+919000020004", ...sent },
  ]);
  ["a1", "a2", "a3", "a4"].forEach((name, i) => r.set(name, a[i]));
  const [b1] = await insertRecipients(db(), campaignB, user, [{ number: "+919000020001", ...sent }]);
  r.set("b1", b1);
  const [g1] = await insertRecipients(db(), campaignG, globex, [{ number: "+919000020001", ...sent }]);
  r.set("g1", g1);
}, 60_000);
afterAll(async () => server?.close());

describe("engagement_daily, kept by triggers", () => {
  it("counts a person's click on its India day either side of midnight, never a machine's", async () => {
    // One statement of several clicks (as the recorder writes them), then single ones.
    await db()
      .insert(linkClicks)
      .values([
        click(campaignA, "a1", at(-1)), // 23:59:59.999 on the 9th in India
        click(campaignA, "a2", at(0)), // 00:00 on the 10th
        click(campaignA, "a1", at(5 * MIN)),
        click(campaignA, "a3", at(-MIN), true), // a link preview: kept, never counted
        click(campaignA, "a3", at(MIN), true),
      ]);
    await db()
      .insert(linkClicks)
      .values(click(campaignG, "g1", at(MIN)));
    expect(await rollup()).toEqual(
      [
        { campaign: campaignA, day: "2030-03-09", clicks: 1, clickers: 1, conversions: 0, revenue: 0 },
        { campaign: campaignA, day: "2030-03-10", clicks: 2, clickers: 1, conversions: 0, revenue: 0 },
        { campaign: campaignG, day: "2030-03-10", clicks: 1, clickers: 1, conversions: 0, revenue: 0 },
      ].sort((x, y) => x.campaign.localeCompare(y.campaign) || x.day.localeCompare(y.day)),
    );
  });

  it("moves a clicker to the day of an earlier click that arrives late, and counts only the first", async () => {
    // a2 first clicked on the 10th; a click of the 8th arrives now: a2 is a clicker of the 8th instead.
    await db()
      .insert(linkClicks)
      .values([click(campaignA, "a2", at(-30 * HOUR)), click(campaignA, "a2", at(HOUR))]);
    const a = (await rollup()).filter((d) => d.campaign === campaignA);
    expect(a).toEqual([
      { campaign: campaignA, day: "2030-03-08", clicks: 1, clickers: 1, conversions: 0, revenue: 0 },
      { campaign: campaignA, day: "2030-03-09", clicks: 1, clickers: 1, conversions: 0, revenue: 0 },
      { campaign: campaignA, day: "2030-03-10", clicks: 3, clickers: 0, conversions: 0, revenue: 0 },
    ]);
  });

  it("counts an attributed conversion and its paise on the India day it occurred", async () => {
    await db()
      .insert(conversions)
      .values([
        conversion(user, campaignA, "a1", at(-1), 149_950), // ₹1,499.50 late on the 9th
        conversion(user, campaignA, "a3", at(0), null), // a sign-up without a value, on the 10th
      ]);
    await db()
      .insert(conversions)
      .values(conversion(user, campaignA, "a4", at(2 * HOUR), 29));
    await db()
      .insert(conversions)
      .values(conversion(user, null, null, at(0), 100_000)); // not attributed: never counted
    await db()
      .insert(conversions)
      .values(conversion(user, campaignB, "b1", at(-HOUR), 50_000));
    await db()
      .insert(conversions)
      .values(conversion(globex, campaignG, "g1", at(0), 77_700));
    const days = await rollup();
    expect(days.find((d) => d.campaign === campaignA && d.day === "2030-03-09")).toMatchObject({
      conversions: 1,
      revenue: 149_950,
    });
    expect(days.find((d) => d.campaign === campaignA && d.day === "2030-03-10")).toMatchObject({
      conversions: 2,
      revenue: 29,
    });
    expect(days.find((d) => d.campaign === campaignB)).toEqual({
      campaign: campaignB,
      day: "2030-03-09",
      clicks: 0,
      clickers: 0,
      conversions: 1,
      revenue: 50_000,
    });
  });

  it("equals a direct count over link_clicks and conversions after every kind of change", async () => {
    const steps: [string, () => Promise<unknown>][] = [
      ["as written so far", async () => undefined],
      [
        "a batch of 200 clicks over five days, people and machines mixed",
        () =>
          db()
            .insert(linkClicks)
            .values(
              Array.from({ length: 200 }, (_, i) =>
                click(campaignA, ["a1", "a2", "a3", "a4"][i % 4], at((i - 100) * 37 * MIN), i % 5 === 0),
              ),
            ),
      ],
      [
        "a recipient erased: its clicks deleted, its conversion unattributed",
        () =>
          db()
            .delete(campaignRecipients)
            .where(eq(campaignRecipients.id, rid("a3"))),
      ],
      [
        "a conversion deleted",
        () =>
          db()
            .delete(conversions)
            .where(eq(conversions.recipientId, rid("a4"))),
      ],
      [
        "a conversion moved to another day",
        () =>
          db()
            .update(conversions)
            .set({ occurredAt: at(-50 * HOUR) })
            .where(eq(conversions.campaignId, campaignB)),
      ],
    ];
    for (const [label, change] of steps) {
      await change();
      expect(await rollup(), label).toEqual(await direct());
      expect(await devices(), label).toEqual(await directDevices());
    }
  });

  it("goes with its campaign", async () => {
    const doomed = await insertCampaign(db(), { userId: user, channel: "sms" });
    const [d1] = await insertRecipients(db(), doomed, user, [{ number: "+919000020009" }]);
    r.set("d1", d1);
    await db()
      .insert(linkClicks)
      .values(click(doomed, "d1", at(0)));
    await db()
      .insert(conversions)
      .values(conversion(user, doomed, "d1", at(0), 100));
    expect((await rollup()).filter((d) => d.campaign === doomed)).toHaveLength(1);
    await db().delete(campaigns).where(eq(campaigns.id, doomed));
    expect((await rollup()).filter((d) => d.campaign === doomed)).toEqual([]);
    expect(await rollup()).toEqual(await direct());
    expect(await devices()).toEqual(await directDevices());
  });
});

describe("what reads it", () => {
  const report = async (as: "user" | "globex", id: string) =>
    server.call({ as, method: "GET", url: `/api/reports/campaignStatus/${id}` });
  beforeAll(async () => {
    const manager = await server.id("manager");
    campaignH = await insertCampaign(db(), {
      userId: manager,
      createdBy: await server.id("depthead"),
      channel: "rcs",
      linkOrigin: "https://go.example.in",
    });
    const [h1] = await insertRecipients(db(), campaignH, manager, [{ number: "+919000020001" }]);
    r.set("h1", h1);
    await db()
      .insert(linkClicks)
      .values([click(campaignH, "h1", at(HOUR)), click(campaignH, "h1", at(-25 * HOUR))]);
  });

  const overview = async (as: "user" | "globex" | "manager" | "depthead" | "admin") => {
    const res = await server.call({
      as,
      method: "GET",
      url: "/api/dashboard/overview?from=2030-03-05&to=2030-03-12",
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: DashboardOverview }).data;
  };

  it("the campaign report: the campaign's days, equal to the direct count", async () => {
    const res = await report("user", campaignA);
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: CampaignReportRecord }).data;
    const expected = (await direct())
      .filter((d) => d.campaign === campaignA)
      .map(({ day, clicks, clickers, conversions, revenue }) => ({
        day,
        clicks,
        clickers,
        conversions,
        revenuePaise: revenue,
      }));
    expect(data.engagementDays).toEqual(expected);
    // Summed over its days, the clickers are the campaign's clickers and the conversions its conversions.
    const sum = (k: "clickers" | "conversions" | "revenuePaise") =>
      (data.engagementDays ?? []).reduce((n, d) => n + d[k], 0);
    expect(sum("clickers")).toBe(data.links?.clickers);
    expect(sum("conversions")).toBe(data.conversions?.conversions);
    expect(sum("revenuePaise")).toBe(data.conversions?.revenuePaise);
  });

  it("the campaign report of a campaign with neither links nor conversions has no days", async () => {
    const plain = await insertCampaign(db(), { userId: user, channel: "sms" });
    const res = await report("user", plain);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: CampaignReportRecord }).data.engagementDays).toBeUndefined();
  });

  it("another account's campaign report is refused", async () => {
    expect((await report("globex", campaignA)).statusCode).toBe(404);
  });

  it.each([
    ["user", () => [campaignA, campaignB]],
    ["globex", () => [campaignG]],
    ["admin", () => [campaignA, campaignB, campaignG, campaignH]],
    // The demo user is one of the manager's accounts: its organization.
    ["manager", () => [campaignA, campaignB, campaignH]],
    ["depthead", () => [campaignH]],
  ] as const)("the dashboard of %s: the range's figures of its own campaigns only", async (as, mine) => {
    const data = await overview(as);
    const own = (await direct()).filter((d) => (mine() as string[]).includes(d.campaign) && d.day >= "2030-03-05");
    const total = (k: "clicks" | "clickers" | "conversions" | "revenue") => own.reduce((n, d) => n + d[k], 0);
    expect(data.engagement).toMatchObject({
      clicks: total("clicks"),
      clickers: total("clickers"),
      conversions: total("conversions"),
      revenue: total("revenue") / 100,
    });
    expect(data.engagement.series.map((d) => d.date)).toEqual([
      "2030-03-05",
      "2030-03-06",
      "2030-03-07",
      "2030-03-08",
      "2030-03-09",
      "2030-03-10",
      "2030-03-11",
      "2030-03-12",
    ]);
    const day9 = own.filter((d) => d.day === "2030-03-09");
    expect(data.engagement.series[4]).toEqual({
      date: "2030-03-09",
      clicks: day9.reduce((n, d) => n + d.clicks, 0),
      clickers: day9.reduce((n, d) => n + d.clickers, 0),
      conversions: day9.reduce((n, d) => n + d.conversions, 0),
      revenue: day9.reduce((n, d) => n + d.revenue, 0) / 100,
    });
  });

  it("a channel filter keeps that channel's campaigns", async () => {
    const res = await server.call({
      as: "user",
      method: "GET",
      url: "/api/dashboard/overview?from=2030-03-05&to=2030-03-12&channel=whatsapp",
    });
    const data = (res.json() as { data: DashboardOverview }).data;
    const b = (await direct()).filter((d) => d.campaign === campaignB);
    expect(data.engagement.conversions).toBe(b.reduce((n, d) => n + d.conversions, 0));
    expect(data.engagement.clicks).toBe(0);
  });
});
