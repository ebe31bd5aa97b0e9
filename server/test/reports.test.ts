// Performance reports (SPEC 7 reports.*): generation in the background, the files (detailed and summary, CSV and
// XLSX, formula-safe), live progress, who sees what, bad input, a report taken over after its process died, expiry.
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportRecord } from "../../contract/calls";
import { REPORT_PROGRESS_EVENT } from "../../contract/domain/campaigns";
import { REPORT_MAX_UNFINISHED, type ReportProgress } from "../../contract/domain/reports";
import { configFromEnv } from "../config";
import { reports } from "../db/schema";
import { REPORT_EXPIRY_JOB } from "../jobs/report-expiry";
import { RECIPIENT_COLUMNS } from "../services/campaigns/downloads";
import { INTERRUPTED } from "../jobs/report-generation";
import { reportFileKey, XLSX_TYPE } from "../services/reports/files";
import { TOO_MANY_REPORTS } from "../services/reports/request";
import { DETAILED_COLUMNS, SUMMARY_COLUMNS } from "../services/reports/write";
import { startServer, type DemoName, type TestServer } from "./harness";
import {
  EVIL_NAME,
  EVIL_REPLY,
  generate,
  generateUrl,
  MARCH,
  reportCount,
  seedReportCampaigns,
  settle,
  type ReportFixtures,
} from "./report-fixtures";

let server: TestServer;
let fx: ReportFixtures;
const TTL_HOURS = 72;
beforeAll(async () => {
  // The job runs when a test ticks it; two recipients per read, so a report of seven takes several batches.
  server = await startServer({
    jobIntervalMs: 3_600_000,
    reports: { ttlHours: TTL_HOURS, batchRows: 2, leaseMs: 60_000 },
  });
  fx = await seedReportCampaigns(server);
}, 180_000);
afterAll(async () => server?.close());

const details = (as: DemoName, id: string) => server.call({ method: "GET", url: `/api/v1/reports/details/${id}`, as });
const download = (as: DemoName, id: string) =>
  server.call({ method: "GET", url: `/api/v1/reports/download/${id}`, as });
const list = async (as: DemoName, query = "") => {
  const res = await server.call({ method: "GET", url: `/api/v1/reports/list?limit=100${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: ReportRecord[]; total: number; totalPages: number; page: number };
};
const csvRows = (body: string) => parse(body, { columns: true }) as Record<string, string>[];

describe("a detailed report", () => {
  it("of one campaign lists every recipient with its states and timestamps, as a formula-safe CSV download", async () => {
    const queued = await generate(server, "manager", { channel: "whatsapp", campaignId: fx.whatsapp, detailed: true });
    expect(queued).toMatchObject({
      status: "queued",
      progress: 0,
      channel: "whatsapp",
      campaignId: fx.whatsapp,
      campaignName: EVIL_NAME,
      detailedCampaignReport: true,
      format: "csv",
      from: MARCH.from,
      to: MARCH.to,
    });
    const row = await settle(server, queued._id);
    expect(row).toMatchObject({ status: "ready", rowsDone: 7, rowsTotal: 7, attempt: 1 });

    const record = (await details("manager", queued._id)).json().data as ReportRecord;
    expect(record).toMatchObject({
      status: "ready",
      progress: 100,
      rowsDone: 7,
      fileName: expect.stringMatching(/^detailed-report-.*-2024-03-01-to-2024-03-31\.csv$/),
    });
    expect(record.size).toBeGreaterThan(0);
    // Kept REPORT_TTL_HOURS after it was written.
    expect(Date.parse(record.expiresAt ?? "") - Date.parse(record.completedAt ?? "")).toBe(TTL_HOURS * 3_600_000);

    const res = await download("manager", queued._id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(`filename="${record.fileName}"`);
    expect(Number(res.headers["content-length"])).toBe(record.size);
    expect(res.body.split("\r\n")[0]).toBe(DETAILED_COLUMNS.join(","));
    const rows = csvRows(res.body);
    expect(rows.map((r) => r.number)).toEqual([
      "+919800000001",
      "+919800000002",
      "+919800000003",
      "+919800000004",
      "+919800000005",
      "+919800000006",
      "+919800000007",
    ]);
    expect(rows.map((r) => r.state)).toEqual(["sent", "delivered", "read", "replied", "failed", "failed", "queued"]);
    expect(rows[1]).toMatchObject({
      channel: "whatsapp",
      sent_at: "2024-03-10T10:00:00.000Z",
      delivered_at: "2024-03-10T10:00:05.000Z",
      cost: "0.9",
      failed_over: "no",
    });
    expect(rows[4]).toMatchObject({ reason: "Message undeliverable", failed_at: "2024-03-10T10:00:09.000Z" });
    expect(rows[5]).toMatchObject({
      failed_over: "yes",
      failover_state: "delivered",
      failover_sent_at: "2024-03-10T10:00:01.000Z",
      failover_delivered_at: "2024-03-10T10:00:04.000Z",
      failover_cost: "0.25",
    });
    expect(rows[4]).toMatchObject({ failover_state: "", failover_cost: "" });
    expect(rows[6]).toMatchObject({ sent_at: "", cost: "0" });
    // Cells that start with "=" are text, not formulas: the campaign's name and the recipient's reply.
    expect(rows.every((r) => r.campaign === `'${EVIL_NAME}`)).toBe(true);
    expect(rows[3].reply).toBe(`'${EVIL_REPLY}`);

    // The recipient's columns are exactly what the campaign's own download writes, in the same (audience) order.
    const own = csvRows(
      (
        await server.call({
          method: "GET",
          url: `/api/reports/download-campaign-numbers/${fx.whatsapp}`,
          as: "manager",
        })
      ).body,
    );
    expect(rows.map((r) => RECIPIENT_COLUMNS.map((c) => r[c]))).toEqual(
      own.map((r) => RECIPIENT_COLUMNS.map((c) => r[c])),
    );
  });

  it("as XLSX streams every recipient of the period's campaigns onto a Recipients sheet, formula-safe", async () => {
    const queued = await generate(server, "manager", { detailed: true, format: "xlsx" });
    const row = await settle(server, queued._id);
    expect(row).toMatchObject({ status: "ready", rowsDone: 10 });
    const res = await download("manager", queued._id);
    expect(res.headers["content-type"]).toBe(XLSX_TYPE);
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from(res.rawPayload));
    const sheet = book.getWorksheet("Recipients");
    const values = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...DETAILED_COLUMNS]);
    expect(sheet?.rowCount).toBe(11);
    // The WhatsApp campaign (created first) then the SMS one; April's and other accounts' campaigns are not in it.
    const numbers = Array.from({ length: 10 }, (_, i) => values(i + 2)[3]);
    expect(numbers).toEqual([
      ...Array.from({ length: 7 }, (_, i) => `+91980000000${i + 1}`),
      "+919811000001",
      "+919811000002",
      "+919811000003",
    ]);
    expect(values(2)[0]).toBe(`'${EVIL_NAME}`);
    expect(values(5)[12]).toBe(`'${EVIL_REPLY}`);
    expect(book.getWorksheet("Report")?.getRow(3).values).toContain("2024-03-01 to 2024-03-31 (India time)");
  });
});

describe("a summary report", () => {
  it("counts per campaign and channel (sent, delivered, read, replied, failed, failed over, cost in ₹) with totals", async () => {
    const queued = await generate(server, "manager", {});
    expect(queued.detailedCampaignReport).toBe(false);
    await settle(server, queued._id);
    const res = await download("manager", queued._id);
    expect(res.body.split("\r\n")[0]).toBe(SUMMARY_COLUMNS.join(","));
    const rows = csvRows(res.body);
    const pick = (r: Record<string, string>) => [
      r.campaign,
      r.channel,
      r.recipients,
      r.sent,
      r.delivered,
      r.read,
      r.replied,
      r.failed,
      r.failed_over,
      r.cost_inr,
      r.failover_cost_inr,
    ];
    expect(rows.map(pick)).toEqual([
      [`'${EVIL_NAME}`, "whatsapp", "7", "4", "3", "2", "1", "2", "1", "5.65", "0.25"],
      ["March SMS", "sms", "3", "2", "2", "", "1", "1", "0", "0.75", "0.00"],
      ["Total", "sms", "3", "2", "2", "", "1", "1", "0", "0.75", "0.00"],
      ["Total", "whatsapp", "7", "4", "3", "2", "1", "2", "1", "5.65", "0.25"],
      ["Total", "all", "10", "6", "5", "2", "2", "3", "1", "6.40", "0.25"],
    ]);
    expect(rows[0].campaign_id).toBe(fx.whatsapp);
  });

  it("of one channel leaves the other channels out", async () => {
    const queued = await generate(server, "manager", { channel: "sms", format: "xlsx" });
    await settle(server, queued._id);
    const book = new ExcelJS.Workbook();
    await book.xlsx.read(Readable.from((await download("manager", queued._id)).rawPayload));
    const sheet = book.getWorksheet("Campaigns");
    expect(sheet?.rowCount).toBe(3);
    expect((sheet?.getRow(2).values as unknown[])[1]).toBe("March SMS");
    expect((sheet?.getRow(2).values as unknown[])[15]).toBe(0.75);
    expect((sheet?.getRow(3).values as unknown[]).slice(1, 4)).toEqual(["Total", undefined, "sms"]);
  });
});

describe("live progress", () => {
  async function listen(url: string, name: DemoName): Promise<{ socket: Socket; heard: ReportProgress[] }> {
    const token = await server.freshToken(name);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(url, { transports: ["websocket"], reconnection: false, query: { token } });
      s.on("connect", () => resolve(s));
      s.on("connect_error", reject);
    });
    const heard: ReportProgress[] = [];
    socket.on(REPORT_PROGRESS_EVENT, (p: ReportProgress) => heard.push(p));
    return { socket, heard };
  }

  it("reaches the owner's sockets while the report runs, and no other account's", async () => {
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const [owner, subUser, otherTenant] = await Promise.all([
      listen(url, "manager"),
      listen(url, "priya"),
      listen(url, "user"),
    ]);
    const queued = await generate(server, "manager", { detailed: true });
    await settle(server, queued._id);
    await expect.poll(() => owner.heard.at(-1)?.status, { timeout: 3000 }).toBe("ready");
    const mine = owner.heard.filter((p) => p.reportId === queued._id);
    expect(mine[0]).toMatchObject({ status: "running", progress: 0, rowsDone: 0, rowsTotal: 10 });
    expect(mine.at(-1)).toMatchObject({ status: "ready", progress: 100, rowsDone: 10, rowsTotal: 10 });
    await new Promise((r) => setTimeout(r, 200));
    expect(subUser.heard).toEqual([]);
    expect(otherTenant.heard).toEqual([]);
    for (const l of [owner, subUser, otherTenant]) l.socket.close();
  });
});

describe("who sees which report", () => {
  it("a user sees its own; its manager sees it too; another organization, nobody", async () => {
    const priyas = await generate(server, "priya", { channel: "sms", campaignId: fx.priya, detailed: true });
    await settle(server, priyas._id);
    const managers = await generate(server, "manager", { channel: "sms" });
    await settle(server, managers._id);

    // The manager: its own and its sub-user's.
    const managerList = (await list("manager")).data.map((r) => r._id);
    expect(managerList).toEqual(expect.arrayContaining([priyas._id, managers._id]));
    expect((await details("manager", priyas._id)).json().data).toMatchObject({
      ownerName: expect.any(String),
      userId: await server.id("priya"),
    });
    expect((await download("manager", priyas._id)).statusCode).toBe(200);
    expect(csvRows((await download("manager", priyas._id)).body).map((r) => r.number)).toEqual([
      "+919833000001",
      "+919833000002",
    ]);

    // The sub-user: only its own; its manager's answer 404 like a missing report.
    expect((await list("priya")).data.map((r) => r._id)).toEqual([priyas._id]);
    for (const as of ["priya", "user", "globex", "depthead"] as const) {
      expect((await details(as, managers._id)).statusCode, as).toBe(404);
      expect((await download(as, managers._id)).statusCode, as).toBe(404);
      const del = await server.call({ method: "DELETE", url: `/api/v1/reports/delete/${managers._id}`, as });
      expect(del.statusCode, as).toBe(404);
      expect(del.json().message).toBe("Report not found");
    }
    for (const as of ["user", "globex", "depthead"] as const) {
      expect((await details(as, priyas._id)).statusCode, as).toBe(404);
      expect((await list(as)).data.map((r) => r._id)).not.toContain(priyas._id);
    }
    expect((await details("manager", managers._id)).statusCode).toBe(200);

    // The admin sees every account's; a reseller has no reports at all (SPEC 6).
    const adminList = (await list("admin")).data;
    expect(adminList.map((r) => r._id)).toEqual(expect.arrayContaining([priyas._id, managers._id]));
    expect((await download("admin", managers._id)).statusCode).toBe(200);
    expect((await server.call({ method: "GET", url: "/api/v1/reports/list", as: "reseller" })).statusCode).toBe(403);
  });

  it("a report covers only the campaigns its owner reaches: another account's campaign answers 404 and queues nothing", async () => {
    const before = await reportCount(server);
    const res = await server.call({
      method: "POST",
      url: generateUrl({ channel: "sms", campaignId: fx.sms }),
      as: "user",
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Campaign not found");
    expect(await reportCount(server)).toBe(before);

    // The user's report of every campaign in March holds its own campaign alone.
    const own = await generate(server, "user", { detailed: true });
    await settle(server, own._id);
    expect(csvRows((await download("user", own._id)).body).map((r) => r.number)).toEqual(["+919844000001"]);
  });

  it("the list is paged, newest first, and narrowed by channel", async () => {
    const all = await list("manager");
    expect(all.total).toBe(all.data.length);
    const times = all.data.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const sms = await list("manager", "&channel=sms");
    expect(sms.data.length).toBeGreaterThan(0);
    expect(sms.data.every((r) => r.channel === "sms")).toBe(true);
    const page = await server.call({ method: "GET", url: "/api/v1/reports/list?page=2&limit=2", as: "manager" });
    expect(page.json()).toMatchObject({ page: 2, totalPages: Math.ceil(all.total / 2) });
    expect(page.json().data.map((r: ReportRecord) => r._id)).toEqual(all.data.slice(2, 4).map((r) => r._id));
  });
});

describe("bad input gets a clear error and changes nothing", () => {
  it.each([
    [
      "the start after the end",
      { from: "2024-03-31", to: "2024-03-01" },
      400,
      "from: must be on or before the end date",
    ],
    [
      "more than 366 days",
      { from: "2023-01-01", to: "2024-03-01" },
      400,
      "to: must be at most 366 days after the start date",
    ],
    [
      "a date that does not exist",
      { from: "2024-02-30" },
      400,
      "from: must be a date (YYYY-MM-DD) between 2000-01-01 and 2099-12-31",
    ],
    [
      "a year out of range",
      { to: "9999-01-01" },
      400,
      "to: must be a date (YYYY-MM-DD) between 2000-01-01 and 2099-12-31",
    ],
    ["an unknown channel", { channel: "email" }, 400, "channel: must be one of rcs, sms, whatsapp, all"],
    ["an unknown format", { format: "pdf" }, 400, "format: must be one of csv, xlsx"],
    ["a campaign id that is no id", { campaignId: "latest" }, 400, "campaignId: must be a campaign's id, or all"],
    [
      "a campaign that does not exist",
      { campaignId: "00000000-0000-4000-8000-000000000000" },
      404,
      "Campaign not found",
    ],
  ])("%s", async (_what, input, status, message) => {
    const before = await reportCount(server);
    const res = await server.call({ method: "POST", url: generateUrl(input), as: "manager" });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await reportCount(server)).toBe(before);
  });

  it("a campaign of another channel, or created outside the dates, is refused with the reason", async () => {
    const before = await reportCount(server);
    const wrong = await server.call({
      method: "POST",
      url: generateUrl({ channel: "sms", campaignId: fx.whatsapp }),
      as: "manager",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      "campaignId: the campaign is a whatsapp campaign: choose whatsapp or all as the channel",
    );
    const outside = await server.call({ method: "POST", url: generateUrl({ campaignId: fx.april }), as: "manager" });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(
      "campaignId: the campaign was created on 2024-04-02, outside 2024-03-01 to 2024-03-31",
    );
    expect(await reportCount(server)).toBe(before);
  });

  it(`an account with ${REPORT_MAX_UNFINISHED} reports being generated is asked to wait`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < REPORT_MAX_UNFINISHED; i += 1) ids.push((await generate(server, "depthead", {}))._id);
    const before = await reportCount(server);
    const res = await server.call({ method: "POST", url: generateUrl({}), as: "depthead" });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(TOO_MANY_REPORTS);
    expect(await reportCount(server)).toBe(before);
    for (const id of ids)
      expect(
        (await server.call({ method: "DELETE", url: `/api/v1/reports/delete/${id}`, as: "depthead" })).statusCode,
      ).toBe(200);
  });
});

describe("downloads of reports that have no file", () => {
  it("a queued report answers 409, a failed one 409 with its reason", async () => {
    const queued = await generate(server, "manager", {});
    const early = await download("manager", queued._id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("This report is not ready yet (queued, 0%).");
    await server.database.db
      .update(reports)
      .set({ status: "failed", failureReason: "Disk full" })
      .where(eq(reports.id, queued._id));
    const failed = await download("manager", queued._id);
    expect(failed.statusCode).toBe(409);
    expect(failed.json().message).toBe("This report failed: Disk full");
  });
});

describe("a report whose process died", () => {
  it("is taken over when its lease ends and redone from the start, ending ready with the right rows", async () => {
    const { db } = server.database;
    const queued = await generate(server, "manager", { detailed: true });
    // As a process that died mid-way leaves it: running, its lease over, half a file written under its attempt.
    await db
      .update(reports)
      .set({ status: "running", attempt: 1, rowsDone: 4, rowsTotal: 10, dueAt: sql`now() - interval '1 second'` })
      .where(eq(reports.id, queued._id));
    const partial = reportFileKey(queued._id, 1, "csv");
    await server.app.storage.put(partial, Buffer.from("campaign,channel\r\nhalf"), "text/csv");

    const row = await settle(server, queued._id);
    expect(row).toMatchObject({
      status: "ready",
      attempt: 2,
      rowsDone: 10,
      rowsTotal: 10,
      fileKey: reportFileKey(queued._id, 2, "csv"),
    });
    expect(await server.app.storage.get(partial)).toBeNull();
    const rows = csvRows((await download("manager", queued._id)).body);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.number)).size).toBe(10);
  });

  it("is marked failed after its third interrupted attempt", async () => {
    const { db } = server.database;
    const queued = await generate(server, "manager", {});
    await db
      .update(reports)
      .set({ status: "running", attempt: 3, dueAt: sql`now() - interval '1 second'` })
      .where(eq(reports.id, queued._id));
    const row = await settle(server, queued._id);
    expect(row).toMatchObject({ status: "failed", failureReason: INTERRUPTED(3) });
  });
});

describe("expiry and deletion", () => {
  it("an expired report answers 410 at once; the expiry job deletes its file and marks it expired", async () => {
    const { db } = server.database;
    const queued = await generate(server, "manager", { channel: "whatsapp" });
    const ready = await settle(server, queued._id);
    const key = ready.fileKey ?? "";
    expect(await server.app.storage.get(key)).not.toBeNull();
    await db
      .update(reports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(reports.id, queued._id));

    const res = await download("manager", queued._id);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(
      /^This report expired on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC and its file was deleted\. Generate it again\.$/,
    );
    expect((await details("manager", queued._id)).json().data).toMatchObject({
      status: "expired",
      fileName: null,
      size: null,
    });

    await server.app.jobs.get(REPORT_EXPIRY_JOB)?.tick();
    const [row] = await db.select().from(reports).where(eq(reports.id, queued._id));
    expect(row).toMatchObject({ status: "expired", fileKey: null });
    expect(await server.app.storage.get(key)).toBeNull();
    expect((await download("manager", queued._id)).statusCode).toBe(410);
  });

  it("delete removes the report and its file", async () => {
    const queued = await generate(server, "manager", { channel: "sms" });
    const ready = await settle(server, queued._id);
    const res = await server.call({ method: "DELETE", url: `/api/v1/reports/delete/${queued._id}`, as: "manager" });
    expect(res.json()).toEqual({ success: true, message: "Report deleted" });
    expect(await server.app.storage.get(ready.fileKey ?? "")).toBeNull();
    expect((await details("manager", queued._id)).statusCode).toBe(404);
  });

  it("REPORT_TTL_HOURS sets how long files are kept, 72 hours unless set", () => {
    expect(configFromEnv({}).reports.ttlHours).toBe(72);
    expect(configFromEnv({ REPORT_TTL_HOURS: "0.5" }).reports.ttlHours).toBe(0.5);
    expect(() => configFromEnv({ REPORT_TTL_HOURS: "0" })).toThrow("REPORT_TTL_HOURS must be a positive number");
  });
});
