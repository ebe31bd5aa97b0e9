import { Readable } from "node:stream";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportRecord } from "../../contract/calls";
import { reports } from "../db/schema";
import { startServer, type DemoName, type TestServer } from "./harness";
import { WINDOW, at, insertApiMessages, insertChatMessages, insertLogCampaign } from "./message-log-fixtures";
import { reportCount, settle } from "./report-fixtures";

// The message log's export through the report job (issue 37): CSV and XLSX files with the rows the screen shows for
// the same filters, progress on the way, only the asker reads it, and a refused request queues nothing.

let server: TestServer;
const N1 = "+919800000011";

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000, reports: { ttlHours: 72, batchRows: 2, leaseMs: 60_000 } });
  const { db } = server.database;
  const globex = await server.id("globex");
  await insertLogCampaign(db, globex, "Export sale", [
    { number: N1, state: "delivered", sentAt: at(0), deliveredAt: at(1), costPaise: 80 },
    { number: "+919800000012", state: "failed", code: "131026", reason: "Not on WhatsApp", failedAt: at(2) },
    { number: "+919800000013", state: "read", sentAt: at(5), deliveredAt: at(6), readAt: at(7), costPaise: 80 },
  ]);
  await insertApiMessages(db, globex, [{ to: N1, state: "delivered", createdAt: at(3), costPaise: 80 }]);
  await insertChatMessages(db, globex, N1, [{ text: "=cmd|' /C calc'!A0", createdAt: at(4) }]);
}, 180_000);
afterAll(async () => server?.close());

async function queue(as: DemoName, query: Record<string, string>, url = "/api/v1/message-log/exports") {
  return server.call({ method: "POST", url, query, as });
}
async function listed(as: DemoName, query: Record<string, string>, url = "/api/v1/message-log") {
  const res = await server.call({ method: "GET", url, query: { ...query, limit: "200" }, as });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { kind: string; id: string }[] }).data.map((r) => `${r.kind}:${r.id}`);
}
async function finished(as: DemoName, id: string) {
  await settle(server, id);
  const res = await server.call({ method: "GET", url: `/api/v1/message-log/exports/${id}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ReportRecord;
}
const download = (as: DemoName, id: string) =>
  server.call({ method: "GET", url: `/api/v1/message-log/exports/${id}/download`, as });

async function xlsxRows(payload: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.read(Readable.from(payload));
  const sheet = book.getWorksheet("Messages");
  const rows: string[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ""))));
  return rows;
}

describe("message log export job", () => {
  const filters: [string, Record<string, string>][] = [
    ["the whole window", { ...WINDOW }],
    ["a number", { ...WINDOW, number: N1 }],
    ["a status", { ...WINDOW, status: "delivered" }],
    ["a kind", { ...WINDOW, kind: "campaign" }],
  ];
  it.each(filters)("writes a CSV of %s with the screen's rows, in its order", async (_name, query) => {
    const res = await queue("globex", { ...query, format: "csv" });
    expect(res.statusCode, res.body).toBe(201);
    const queued = res.json().data as ReportRecord;
    expect(queued.status).toBe("queued");
    const done = await finished("globex", queued._id);
    expect(done).toMatchObject({ status: "ready", progress: 100, format: "csv" });
    expect(done.fileName).toMatch(/^message-log-.*\.csv$/);
    const file = await download("globex", queued._id);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    const rows = parse(file.body, { columns: true }) as Record<string, string>[];
    const expected = await listed("globex", query);
    expect(rows.map((r) => `${r.kind}:${r.id}`)).toEqual(expected);
    expect(done.rowsDone).toBe(expected.length);
  });

  it("writes an XLSX with the same rows, formula-safe, and its filters on a second sheet", async () => {
    const res = await queue("globex", { ...WINDOW, format: "xlsx" });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().data as ReportRecord)._id;
    const done = await finished("globex", id);
    expect(done).toMatchObject({ status: "ready", format: "xlsx" });
    const file = await download("globex", id);
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    const [header, ...rows] = await xlsxRows(file.rawPayload);
    expect(header).toContain("provider_message_id");
    const kind = header.indexOf("kind");
    const rowId = header.indexOf("id");
    expect(rows.map((r) => `${r[kind]}:${r[rowId]}`)).toEqual(await listed("globex", WINDOW));
    const body = header.indexOf("body");
    expect(rows.map((r) => r[body])).toContain("'=cmd|' /C calc'!A0");
  });

  it.each([
    ["admin", "globex", 201],
    ["reseller", "globex", 201],
    ["reseller", "user", 404],
  ] as const)("%s exporting %s's log answers %i", async (as, account, status) => {
    const accountId = await server.id(account);
    const res = await queue(as, { ...WINDOW, accountId }, "/api/admin/message-log/exports");
    expect(res.statusCode, res.body).toBe(status);
    if (status !== 201) return;
    const id = (res.json().data as ReportRecord)._id;
    await finished(as, id);
    const rows = parse((await download(as, id)).body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => `${r.kind}:${r.id}`)).toEqual(
      await listed(as, { ...WINDOW, accountId }, "/api/admin/message-log"),
    );
  });

  it("is read by its asker only, and is not in the reports list", async () => {
    const id = ((await queue("globex", WINDOW)).json().data as ReportRecord)._id;
    await settle(server, id);
    for (const other of ["user", "manager", "admin"] as const) {
      expect(
        (await server.call({ method: "GET", url: `/api/v1/message-log/exports/${id}`, as: other })).statusCode,
      ).toBe(404);
      expect((await download(other, id)).statusCode).toBe(404);
    }
    const reportsList = await server.call({ method: "GET", url: "/api/v1/reports/list?limit=100", as: "admin" });
    expect((reportsList.json().data as ReportRecord[]).map((r) => r._id)).not.toContain(id);
  });

  it("answers 409 for a file not written yet", async () => {
    const id = ((await queue("globex", WINDOW)).json().data as ReportRecord)._id;
    const res = await download("globex", id);
    expect(res.statusCode).toBe(409);
    await settle(server, id);
  });

  it.each([
    ["a short number", { number: "12" }, 400],
    ["a range ending before it starts", { from: at(10).toISOString(), to: at(0).toISOString() }, 400],
    ["an unknown format", { format: "pdf" }, 400],
    ["a campaign id that is not one", { campaignId: "nope" }, 400],
  ])("refuses %s and queues nothing", async (_name, query, status) => {
    const before = await reportCount(server);
    const res = await queue("globex", query);
    expect(res.statusCode, res.body).toBe(status);
    expect(await reportCount(server)).toBe(before);
    expect((await server.database.db.select().from(reports)).length).toBe(before);
  });
});
