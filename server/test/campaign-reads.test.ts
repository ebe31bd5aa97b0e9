import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLS, rolesFor, type CallId } from "../../contract/calls";
import type { Role } from "../../contract/roles";
import { insertCampaign, insertRecipients, insertReply } from "./campaign-read-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
const ids: Record<string, string> = {};
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 10, 0) + minutes * 60_000);

beforeAll(async () => {
  server = await startServer();
  const { db } = server.database;
  const manager = await server.id("manager");
  const user = await server.id("user");
  const globex = await server.id("globex");
  const depthead = await server.id("depthead");
  Object.assign(ids, { managerId: manager, userId: user, globexId: globex });

  ids.wa = await insertCampaign(db, {
    userId: manager,
    channel: "whatsapp",
    name: "Diwali 50% sale",
    templateName: "rt_diwali_offer",
    senderLabel: "+91 98200 00001",
    status: "completed",
    startedAt: at(0),
    completedAt: at(10),
    createdAt: at(-5),
  });
  ids.sms = await insertCampaign(db, {
    userId: manager,
    createdBy: depthead,
    channel: "sms",
    name: "Monsoon =cmd",
    templateName: "rt_monsoon",
    senderLabel: "Acme SMS · RTSEND",
    status: "paused",
    statusReason: "Failure rate above 20 %",
    createdAt: at(-4),
  });
  ids.bot = randomUUID();
  ids.rcs = await insertCampaign(db, {
    userId: manager,
    channel: "rcs",
    name: "Winter rcs",
    templateName: "rt_winter",
    botId: ids.bot,
    status: "ready",
    createdAt: at(-3),
  });
  ids.globex = await insertCampaign(db, {
    userId: globex,
    channel: "sms",
    name: "Globex promo",
    templateName: "rt_globex",
    status: "completed",
    createdAt: at(-2),
  });
  ids.userSms = await insertCampaign(db, {
    userId: user,
    channel: "sms",
    name: "User sms",
    templateName: "rt_user",
    status: "ready",
    createdAt: at(-1),
  });
  ids.userWa = await insertCampaign(db, {
    userId: user,
    channel: "whatsapp",
    name: "User wa",
    templateName: "rt_user",
    status: "ready",
    createdAt: at(0),
  });

  const r = await insertRecipients(db, ids.wa, manager, [
    { number: "+919876500001", state: "sent", sentAt: at(0), costPaise: 80 },
    { number: "+919876500002", state: "delivered", sentAt: at(0), deliveredAt: at(1), costPaise: 80 },
    { number: "+919876500003", state: "read", sentAt: at(0), deliveredAt: at(1), readAt: at(2), costPaise: 80 },
    {
      number: "+919876500004",
      state: "replied",
      sentAt: at(1),
      deliveredAt: at(1),
      readAt: at(2),
      repliedAt: at(3),
      costPaise: 80,
    },
    {
      number: "+919876500005",
      state: "failed",
      reason: "Not on WhatsApp",
      code: "131026",
      sentAt: at(1),
      failedAt: at(2),
    },
    { number: "+919876500006", state: "failed", reason: "Not on WhatsApp", code: "131026", failedAt: at(2) },
    { number: "+919876500007", state: "failed", reason: '=HYPERLINK("http://x")', code: null, failedAt: at(3) },
  ]);
  ids.replied = String(r[3]);
  await insertReply(db, {
    userId: manager,
    campaignId: ids.wa,
    recipientId: r[3],
    from: "+919876500004",
    text: "Interested",
    receivedAt: at(3),
    channel: "whatsapp",
  });
  await insertReply(db, {
    userId: manager,
    campaignId: ids.wa,
    recipientId: r[3],
    from: "+919876500004",
    text: "=1+1 call me",
    receivedAt: at(4),
    channel: "whatsapp",
  });
  await insertRecipients(db, ids.sms, manager, [
    { number: "+919876500004", state: "delivered", sentAt: at(5), deliveredAt: at(6), costPaise: 25 },
    { number: "+919812345678", state: "queued" },
  ]);
  await insertRecipients(db, ids.globex, globex, [{ number: "+919876500004", state: "sent" }]);
  await insertRecipients(db, ids.userWa, user, [{ number: "+919876500009", state: "queued" }]);
});
afterAll(async () => server?.close());

type Req = { method: "GET"; url: string };
/** The demo seed's own campaigns of the manager (server/seed-campaigns.ts). */
const SEEDED = [
  "Diwali festive sale",
  "Order shipped notices",
  "Order updates November",
  "Store opening invite",
  "Weekend reminder",
  "Winter collection launch",
];
const get = (url: string): Req => ({ method: "GET", url });

describe("campaigns.list", () => {
  const list = async (as: DemoName, query = "") => {
    const params = new URLSearchParams({ templateName: "rt_", limit: "100" });
    for (const [k, v] of new URLSearchParams(query)) params.set(k, v);
    return (await server.call({ ...get(`/api/v1/campaigns?${params}`), as })).json();
  };
  const names = (body: { campaigns: { name: string }[] }) => body.campaigns.map((c) => c.name);

  it("answers the owner's campaigns of all channels newest first, with stats and paging", async () => {
    const body = await list("manager");
    expect(names(body)).toEqual(["Winter rcs", "Monsoon =cmd", "Diwali 50% sale"]);
    expect(body).toMatchObject({ success: true, totalCampaigns: 3, totalPages: 1, channel: "all" });
    const wa = body.campaigns.find((c: { _id: string }) => c._id === ids.wa);
    expect(wa.counts).toMatchObject({ sent: 1, delivered: 1, read: 1, replied: 1, failed: 3 });
    expect(wa.cost).toEqual({ estimated: 0, max: 0, held: 0, spent: 0, failoverSpent: 0, estimatedAt: null });
    expect(body.campaignStats).toContainEqual({ campaignId: ids.wa, stats: wa.counts });
    const page2 = await list("manager", "&limit=2&page=2");
    expect(names(page2)).toEqual(["Diwali 50% sale"]);
    expect(page2).toMatchObject({ totalCampaigns: 3, totalPages: 2 });
  });

  it("filters by channel, status, bot and template", async () => {
    expect(names(await list("manager", "&channel=sms"))).toEqual(["Monsoon =cmd"]);
    expect((await list("manager", "&channel=sms")).channel).toBe("sms");
    expect(names(await list("manager", "&status=completed"))).toEqual(["Diwali 50% sale"]);
    expect(names(await list("manager", `&botId=${ids.bot}`))).toEqual(["Winter rcs"]);
    expect(names(await list("manager", "&botId=not-an-id"))).toEqual([]);
    expect(names(await list("manager", "&templateName=rt_monsoon"))).toEqual(["Monsoon =cmd"]);
  });

  it("shows each role its reach: admin all, reseller its children's, department head what it created", async () => {
    expect(names(await list("admin"))).toEqual([
      "User wa",
      "User sms",
      "Globex promo",
      "Winter rcs",
      "Monsoon =cmd",
      "Diwali 50% sale",
    ]);
    expect(names(await list("reseller"))).toEqual(["Globex promo", "Winter rcs", "Monsoon =cmd", "Diwali 50% sale"]);
    expect(names(await list("depthead"))).toEqual(["Monsoon =cmd"]);
    expect(names(await list("user"))).toEqual(["User wa", "User sms"]);
    expect(names(await list("globex"))).toEqual(["Globex promo"]);
  });

  it("narrows admin and reseller lists by userIds joined by ' , ', ids outside reach matching nothing", async () => {
    expect(names(await list("admin", `&userIds=${encodeURIComponent(`${ids.globexId} , ${ids.userId}`)}`))).toEqual([
      "User wa",
      "User sms",
      "Globex promo",
    ]);
    expect(names(await list("reseller", `&userIds=${ids.globexId}`))).toEqual(["Globex promo"]);
    expect(names(await list("reseller", `&userIds=${ids.userId}`))).toEqual([]);
    expect(names(await list("admin", "&userIds=junk"))).toEqual([]);
  });

  it("sms.campaigns.list and waba.campaigns.list answer one channel in their shapes", async () => {
    const sms = (await server.call({ ...get("/api/sms/campaigns?limit=100"), as: "reseller" })).json();
    expect(sms.campaigns.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(["Globex promo", "Monsoon =cmd"]),
    );
    expect(sms.campaigns.every((c: { channel: string }) => c.channel === "sms")).toBe(true);
    expect(sms).toMatchObject({ success: true, totalCampaigns: sms.campaigns.length });
    const wa = (
      await server.call({ ...get("/api/waba/campaign/user-campaigns?page=1&limit=1&status=ready"), as: "user" })
    ).json();
    expect(wa).toMatchObject({ success: true, currentPage: 1, totalCampaigns: 1, totalPages: 1 });
    expect(wa.campaigns[0].name).toBe("User wa");
  });
});

describe("one campaign, search and responses", () => {
  it("campaigns.get answers a campaign in reach and 404 for another tenant's", async () => {
    const own = await server.call({ ...get(`/api/v1/campaigns/${ids.sms}`), as: "manager" });
    expect(own.json().data).toMatchObject({
      _id: ids.sms,
      status: "paused",
      statusReason: "Failure rate above 20 %",
      ownerName: "manager",
    });
    expect((await server.call({ ...get(`/api/v1/campaigns/${ids.globex}`), as: "manager" })).statusCode).toBe(404);
    expect((await server.call({ ...get(`/api/v1/campaigns/${ids.userSms}`), as: "reseller" })).statusCode).toBe(404);
    expect((await server.call({ ...get(`/api/v1/campaigns/${ids.globex}`), as: "reseller" })).statusCode).toBe(200);
    expect((await server.call({ ...get(`/api/v1/campaigns/${randomUUID()}`), as: "admin" })).statusCode).toBe(404);
    expect((await server.call({ ...get("/api/v1/campaigns/nope"), as: "admin" })).statusCode).toBe(404);
  });

  it("searches name, template and sender; a typed % is a literal %", async () => {
    const search = async (q: string, as: DemoName = "manager", path = "/api/v1/campaigns/search") =>
      (
        (await server.call({ ...get(`${path}?query=${encodeURIComponent(q)}`), as })).json().campaigns as {
          name: string;
        }[]
      ).map((c) => c.name);
    expect(await search("50%")).toEqual(["Diwali 50% sale"]);
    expect(await search("%")).toEqual(["Diwali 50% sale"]);
    expect((await search("t_")).filter((n) => !SEEDED.includes(n))).toEqual([
      "Winter rcs",
      "Monsoon =cmd",
      "Diwali 50% sale",
    ]); // rt_… templates
    expect(await search("t%")).toEqual([]);
    expect(await search("rtsend")).toEqual(["Monsoon =cmd"]);
    expect(await search("rt_globex")).toEqual([]);
    expect(await search("rt_globex", "admin")).toEqual(["Globex promo"]);
    expect(await search("rt_", "manager", "/api/sms/campaigns/search")).toEqual(["Monsoon =cmd"]);
  });

  it("searches within a campaign by the digits typed, per channel", async () => {
    const within = await server.call({
      ...get(`/api/v1/campaigns/search/${ids.wa}?number=${encodeURIComponent("98765 0000")}`),
      as: "admin",
    });
    expect(within.json().data.map((r: { number: string }) => r.number)).toHaveLength(7);
    const one = await server.call({ ...get(`/api/v1/campaigns/search/${ids.wa}?number=500004`), as: "depthead" });
    expect(one.statusCode).toBe(404); // the department head did not create it
    const sms = await server.call({ ...get(`/api/sms/campaigns/${ids.sms}/search?number=812345`), as: "depthead" });
    expect(sms.json().data).toEqual([expect.objectContaining({ number: "+919812345678", state: "queued" })]);
    expect(
      (await server.call({ ...get(`/api/sms/campaigns/${ids.wa}/search?number=1`), as: "manager" })).statusCode,
    ).toBe(404);
  });

  it("answers responses with the latest reply and cost, filtered by state and paged", async () => {
    const res = await server.call({
      ...get(`/api/campaigns/responses?campaignId=${ids.wa}&status=replied`),
      as: "manager",
    });
    expect(res.json()).toMatchObject({ success: true, total: 1, totalPages: 1, page: 1 });
    expect(res.json().data[0]).toMatchObject({
      _id: ids.replied,
      number: "+919876500004",
      reply: "=1+1 call me",
      cost: 0.8,
      repliedAt: at(3).toISOString(),
    });
    const page = (
      await server.call({
        ...get(`/api/waba/campaign/campaign-responses?campaignId=${ids.wa}&limit=3&page=3`),
        as: "manager",
      })
    ).json();
    expect(page).toMatchObject({ total: 7, totalPages: 3, page: 3 });
    expect(page.data.map((r: { row: number }) => r.row)).toEqual([7]);
    const sms = (
      await server.call({ ...get(`/api/sms/campaigns/responses?campaignId=${ids.sms}`), as: "manager" })
    ).json();
    expect(sms.data.map((r: { number: string }) => r.number)).toEqual(["+919876500004", "+919812345678"]);
    expect(
      (await server.call({ ...get(`/api/sms/campaigns/responses?campaignId=${ids.wa}`), as: "manager" })).statusCode,
    ).toBe(404);
    expect(
      (await server.call({ ...get(`/api/campaigns/responses?campaignId=${ids.globex}`), as: "manager" })).statusCode,
    ).toBe(404);
    expect((await server.call({ ...get("/api/campaigns/responses"), as: "manager" })).statusCode).toBe(400);
  });
});

describe("campaigns.status", () => {
  it("reports counts, errors by reason and code, and a per-minute timeline from the start", async () => {
    const data = (await server.call({ ...get(`/api/reports/campaignStatus/${ids.wa}`), as: "manager" })).json().data;
    expect(data.campaign).toMatchObject({ _id: ids.wa, total: 7, percent: 100 });
    expect(data.errors).toEqual([
      // The code in Meta's words, what the provider said beside it; no code keeps the provider's text as the reason.
      {
        reason: "Message undeliverable (131026): the number may not be on WhatsApp or cannot receive this message",
        code: "131026",
        detail: "Not on WhatsApp",
        count: 2,
      },
      { reason: '=HYPERLINK("http://x")', code: null, detail: null, count: 1 },
    ]);
    expect(data.timeline).toEqual([
      { at: at(0).toISOString(), sent: 3, delivered: 0, read: 0, replied: 0, failed: 0 },
      { at: at(1).toISOString(), sent: 2, delivered: 3, read: 0, replied: 0, failed: 0 },
      { at: at(2).toISOString(), sent: 0, delivered: 0, read: 2, replied: 0, failed: 2 },
      { at: at(3).toISOString(), sent: 0, delivered: 0, read: 0, replied: 1, failed: 1 },
    ]);
    const notStarted = (await server.call({ ...get(`/api/reports/campaignStatus/${ids.sms}`), as: "manager" })).json()
      .data;
    expect(notStarted.timeline).toEqual([]);
  });
});

describe("campaigns.numberHistory", () => {
  it("finds a number typed in any form across the caller's own campaigns, with replies", async () => {
    const res = await server.call({
      ...get(`/api/v1/campaigns/numbers/history?number=${encodeURIComponent("098765 00004")}`),
      as: "manager",
    });
    const data = res.json().data as {
      campaignName: string;
      channel: string;
      recipient: { state: string; cost: number };
      replies: { text: string }[];
    }[];
    expect(data.map((d) => [d.campaignName, d.channel, d.recipient.state])).toEqual([
      ["Monsoon =cmd", "sms", "delivered"],
      ["Diwali 50% sale", "whatsapp", "replied"],
    ]);
    expect(data[1].replies.map((r) => r.text)).toEqual(["Interested", "=1+1 call me"]);
    expect(data[0].recipient.cost).toBe(0.25);
    const other = await server.call({
      ...get("/api/v1/campaigns/numbers/history?number=%2B919876500004"),
      as: "globex",
    });
    expect(other.json().data.map((d: { campaignName: string }) => d.campaignName)).toEqual(["Globex promo"]);
    const bad = await server.call({ ...get("/api/v1/campaigns/numbers/history?number=12"), as: "manager" });
    expect(bad.statusCode).toBe(400);
  });
});

describe("downloads", () => {
  it("downloads the recipients as formula-safe CSV with a safe file name", async () => {
    const res = await server.call({ ...get(`/api/reports/download-campaign-numbers/${ids.wa}`), as: "reseller" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Diwali_50_sale-numbers.csv"; filename*=UTF-8''Diwali_50_sale-numbers.csv`,
    );
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "row,number,state,reason,sent_at,delivered_at,read_at,replied_at,failed_at,cost,reply,failover_state,failover_reason,failover_sent_at,failover_delivered_at,failover_failed_at,failover_cost",
    );
    expect(lines).toHaveLength(8);
    expect(lines[4]).toBe(
      `4,+919876500004,replied,,${at(1).toISOString()},${at(1).toISOString()},${at(2).toISOString()},${at(3).toISOString()},,0.8,'=1+1 call me,,,,,,`,
    );
    expect(lines[7]).toBe(`7,+919876500007,failed,"'=HYPERLINK(""http://x"")",,,,,${at(3).toISOString()},0,,,,,,,`);
    expect(
      (await server.call({ ...get(`/api/reports/download-campaign-numbers/${ids.wa}`), as: "globex" })).statusCode,
    ).toBe(404);
  });

  it("streams recipients past one page of the download", async () => {
    const { db } = server.database;
    const big = await insertCampaign(db, { userId: ids.globexId, channel: "sms", name: "Big", templateName: "big" });
    const specs = Array.from({ length: 5200 }, (_, i) => ({
      number: `+9198${String(i).padStart(8, "0")}`,
      state: "sent" as const,
    }));
    await insertRecipients(db, big, ids.globexId, specs.slice(0, 2600));
    await insertRecipients(db, big, ids.globexId, specs.slice(2600));
    const res = await server.call({ ...get(`/api/reports/download-campaign-numbers/${big}`), as: "globex" });
    const lines = res.body.trim().split("\r\n");
    expect(lines).toHaveLength(5201);
    expect(new Set(lines.slice(1).map((l) => l.split(",")[1])).size).toBe(5200);
  });

  it("downloads the report workbook: a Summary and a Recipients sheet, formula-safe", async () => {
    const res = await server.call({ ...get(`/api/reports/download-excel?campaignId=${ids.wa}`), as: "admin" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toContain('filename="Diwali_50_sale-report.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet("Summary");
    const fields = new Map<string, unknown>();
    summary?.eachRow((row) => fields.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(fields.get("Campaign")).toBe("Diwali 50% sale");
    expect(fields.get("Channel")).toBe("whatsapp");
    expect(fields.get("Template")).toBe("rt_diwali_offer");
    expect(fields.get("Sender")).toBe("'+91 98200 00001"); // a sender label is text, not a number: escaped
    expect(fields.get("Status")).toBe("completed");
    expect(fields.get("Failed")).toBe(3);
    expect(fields.get("Recipients")).toBe(7);
    const sheet = workbook.getWorksheet("Recipients");
    expect(sheet?.rowCount).toBe(8);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      "row",
      "number",
      "state",
      "reason",
      "sent_at",
      "delivered_at",
      "read_at",
      "replied_at",
      "failed_at",
      "cost",
      "reply",
      "failover_state",
      "failover_reason",
      "failover_sent_at",
      "failover_delivered_at",
      "failover_failed_at",
      "failover_cost",
    ]);
    expect(sheet?.getRow(5).getCell(11).value).toBe("'=1+1 call me");
    expect(sheet?.getRow(8).getCell(4).value).toBe('\'=HYPERLINK("http://x")');
    expect(sheet?.getRow(2).getCell(2).value).toBe("+919876500001");
    const smsBook = await server.call({ ...get(`/api/reports/download-excel?campaignId=${ids.sms}`), as: "manager" });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(smsBook.rawPayload as unknown as ArrayBuffer);
    const f2 = new Map<string, unknown>();
    book2.getWorksheet("Summary")?.eachRow((row) => f2.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(f2.get("Campaign")).toBe("Monsoon =cmd");
    expect(f2.get("Status reason")).toBe("Failure rate above 20 %");
    expect(
      (await server.call({ ...get(`/api/reports/download-excel?campaignId=${ids.globex}`), as: "manager" })).statusCode,
    ).toBe(404);
  });
});

describe("the demo seed", () => {
  it("gives the manager campaigns on each channel: completed with a funnel and replies, paused with a reason, ready", async () => {
    const body = (await server.call({ ...get("/api/v1/campaigns?limit=100"), as: "manager" })).json();
    const seeded = (
      body.campaigns as {
        name: string;
        channel: string;
        status: string;
        statusReason: string | null;
        counts: Record<string, number>;
        _id: string;
      }[]
    ).filter((c) => SEEDED.includes(c.name));
    expect(seeded.map((c) => `${c.channel}:${c.status}`).sort()).toEqual([
      "rcs:completed",
      "sms:completed",
      "sms:completed",
      "sms:ready",
      "whatsapp:completed",
      "whatsapp:paused",
    ]);
    const diwali = seeded.find((c) => c.name === "Diwali festive sale");
    expect(diwali?.counts).toMatchObject({ queued: 0, sent: 9, delivered: 15, read: 23, replied: 7, failed: 6 });
    expect(seeded.find((c) => c.status === "paused")?.statusReason).toContain("failed");
    const report = (await server.call({ ...get(`/api/reports/campaignStatus/${diwali?._id}`), as: "manager" })).json()
      .data;
    expect(report.errors.map((e: { count: number }) => e.count)).toEqual([3, 3]);
    expect(report.timeline.length).toBeGreaterThan(1);
    const replies = (
      await server.call({ ...get(`/api/campaigns/responses?campaignId=${diwali?._id}&status=replied`), as: "manager" })
    ).json().data;
    expect(replies.map((r: { reply: string | null }) => r.reply)).toContain("STOP");
    const stopper = replies.find((r: { reply: string | null }) => r.reply === "STOP");
    const list = (
      await server.call({ ...get(`/api/v1/suppressions?q=${encodeURIComponent(stopper.number)}`), as: "manager" })
    ).json();
    expect(list.data).toEqual([expect.objectContaining({ number: stopper.number, source: "stop-reply" })]);
  });
});

/** Every read call × every demo role: allowed roles get an answer, others 403; the module gates manager-side roles. */
describe("access", () => {
  const READS: Partial<Record<CallId, (own: { sms: string; wa: string }) => Req>> = {
    "campaigns.list": () => get("/api/v1/campaigns"),
    "sms.campaigns.list": () => get("/api/sms/campaigns"),
    "waba.campaigns.list": () => get("/api/waba/campaign/user-campaigns"),
    "campaigns.get": (c) => get(`/api/v1/campaigns/${c.sms}`),
    "campaigns.search": () => get("/api/v1/campaigns/search?query=a"),
    "sms.campaigns.search": () => get("/api/sms/campaigns/search?query=a"),
    "campaigns.searchWithin": (c) => get(`/api/v1/campaigns/search/${c.sms}?number=98`),
    "sms.campaigns.searchWithin": (c) => get(`/api/sms/campaigns/${c.sms}/search?number=98`),
    "campaigns.responses": (c) => get(`/api/campaigns/responses?campaignId=${c.sms}`),
    "sms.campaigns.responses": (c) => get(`/api/sms/campaigns/responses?campaignId=${c.sms}`),
    "waba.campaigns.responses": (c) => get(`/api/waba/campaign/campaign-responses?campaignId=${c.wa}`),
    "campaigns.status": (c) => get(`/api/reports/campaignStatus/${c.sms}`),
    "campaigns.numberHistory": () => get("/api/v1/campaigns/numbers/history?number=9876500004"),
    "campaigns.downloadNumbers": (c) => get(`/api/reports/download-campaign-numbers/${c.sms}`),
    "campaigns.downloadExcel": (c) => get(`/api/reports/download-excel?campaignId=${c.sms}`),
    "suppressions.list": () => get("/api/v1/suppressions"),
    "suppressions.export": () => get("/api/v1/suppressions/export"),
  };
  const ROLES: [DemoName, Role][] = [
    ["admin", "admin"],
    ["reseller", "reseller"],
    ["manager", "manager"],
    ["user", "user"],
    ["depthead", "department_head"],
  ];
  const cases = Object.keys(READS).flatMap((id) => ROLES.map(([name, role]) => [id as CallId, name, role] as const));

  it.each(cases)("%s as %s", async (id, name, role) => {
    // A campaign each role reaches: the user's own; the manager's (created by the department head) for the rest.
    const own = name === "user" ? { sms: ids.userSms, wa: ids.userWa } : { sms: ids.sms, wa: ids.wa };
    const res = await server.call({ ...(READS[id] as (c: typeof own) => Req)(own), as: name });
    expect(CALLS[id].method).toBe("GET");
    const allowed = rolesFor(id).includes(role);
    expect(res.statusCode, res.body).toBe(allowed ? 200 : 403);
  });

  it.each(Object.keys(READS) as CallId[])("%s is refused without the campaign module", async (id) => {
    const res = await server.call({
      ...(READS[id] as (c: { sms: string; wa: string }) => Req)({ sms: ids.sms, wa: ids.wa }),
      as: "rahul",
    });
    expect(res.statusCode).toBe(403);
  });
});
