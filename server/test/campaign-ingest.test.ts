import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INGEST_EXCLUSIONS, SKIP_REASONS } from "../../contract/domain/campaigns";
import { DLT_ROUTE_MESSAGES } from "../../contract/domain/dlt-route";
import { SMS_VARIABLE_MAX } from "../../contract/domain/sms";
import { CAMPAIGN_INGEST_JOB } from "../jobs/campaign-ingest";
import { campaignRecipients, campaignRejectedRows, campaigns } from "../db/schema";
import { ingestCampaign } from "../services/campaigns/audience/ingest";
import { INGEST_REASONS } from "../services/campaigns/audience/source";
import type { Storage } from "../storage";
import { channelFixtures, type ChannelFixtures } from "./campaign-ingest-fixtures";
import { startServer, type TestServer } from "./harness";
import { multipart } from "./media-fixtures";
import { withLyingSizes, xlsxBomb, xlsxWithSharedStrings } from "./zip-bombs";

let server: TestServer;
let f: ChannelFixtures;
const MAX_ROWS = 50;

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000, audience: { maxBytes: 1024 * 1024, maxRows: MAX_ROWS } });
  f = await channelFixtures(server.database.db, await server.id("manager"), "ingest");
}, 60_000);
afterAll(async () => server.close());

const db = () => server.database.db;
const tick = () => (server.app.jobs.get(CAMPAIGN_INGEST_JOB) as { tick(): Promise<number> }).tick();

/** `plain`: the SMS account with no DLT entity id, where numbers of every country are valid. */
async function uploadCsv(
  bytes: Buffer,
  variables: string[] = ["Friend"],
  name = "audience.csv",
  route: "dlt" | "plain" = "dlt",
): Promise<string> {
  const [smsAccountId, templateId] =
    route === "dlt" ? [f.smsAccountId, f.smsTemplateId] : [f.plainSmsAccountId, f.plainSmsTemplateId];
  const fields = { campaignName: "Ingest", smsAccountId, templateId, variables: JSON.stringify(variables) };
  const res = await server.call({
    method: "POST",
    url: "/api/sms/campaigns/create",
    as: "manager",
    ...(await multipart(fields, { field: "file", bytes, name })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

async function ingested(id: string) {
  await tick();
  const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
  const recipients = await db()
    .select({
      row: campaignRecipients.row,
      number: campaignRecipients.number,
      variables: campaignRecipients.variables,
      state: campaignRecipients.state,
      name: campaignRecipients.name,
    })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, id))
    .orderBy(asc(campaignRecipients.row));
  const rejected = await db()
    .select({
      row: campaignRejectedRows.row,
      value: campaignRejectedRows.value,
      kind: campaignRejectedRows.kind,
      reason: campaignRejectedRows.reason,
    })
    .from(campaignRejectedRows)
    .where(eq(campaignRejectedRows.campaignId, id))
    .orderBy(asc(campaignRejectedRows.row));
  return { row, recipients, rejected };
}

describe("CSV ingest", () => {
  it("normalises to E.164, reports invalid and duplicate rows by row number, maps variables per row", async () => {
    const csv = [
      "Name,Mobile,City",
      "Asha,98765 43210,Pune",
      "Ravi,abc,Delhi",
      "Meera,+91 9876543210,Goa",
      "Uday,+1 415 555 2671,SF",
      "",
      "Dev,=1+2,X",
    ].join("\n");
    const id = await uploadCsv(Buffer.from(csv), ["{{name}} from {{City}}"], "audience.csv", "plain");
    const { row, recipients, rejected } = await ingested(id);
    expect(row).toMatchObject({
      status: "ready",
      rowsRead: 5,
      validCount: 2,
      invalidCount: 2,
      duplicateCount: 1,
      statusReason: null,
    });
    expect(recipients).toEqual([
      { row: 2, number: "+919876543210", variables: ["Asha from Pune"], state: "queued", name: "Asha" },
      { row: 5, number: "+14155552671", variables: ["Uday from SF"], state: "queued", name: "Uday" },
    ]);
    expect(rejected).toEqual([
      { row: 3, value: "abc", kind: "invalid", reason: "Not a phone number" },
      { row: 4, value: "+91 9876543210", kind: "duplicate", reason: "Duplicate of +919876543210" },
      { row: 7, value: "=1+2", kind: "invalid", reason: "Not a phone number" },
    ]);

    const progress = await server.call({
      method: "GET",
      url: `/api/v1/reports/validating-progress/${id}`,
      as: "manager",
    });
    expect(progress.statusCode).toBe(200);
    expect(progress.json().data).toMatchObject({
      status: "ready",
      percent: 100,
      rowsRead: 5,
      valid: 2,
      invalid: 2,
      duplicates: 1,
    });
    expect(progress.json().data.rejectedSample).toHaveLength(3);
    expect(progress.json().data.excluded).toEqual([
      { reason: "invalid", label: INGEST_EXCLUSIONS.invalid, count: 2 },
      { reason: "dltNumber", label: INGEST_EXCLUSIONS.dltNumber, count: 0 },
      { reason: "dltVariable", label: INGEST_EXCLUSIONS.dltVariable, count: 0 },
      { reason: "duplicate", label: INGEST_EXCLUSIONS.duplicate, count: 1 },
      { reason: "suppressed", label: SKIP_REASONS.suppressed, count: 0 },
      { reason: "dnd", label: SKIP_REASONS.dnd, count: 0 },
      { reason: "optedOut", label: SKIP_REASONS.optedOut, count: 0 },
    ]);

    const download = await server.call({
      method: "GET",
      url: `/api/v1/campaign-control/${id}/rejected-rows`,
      as: "manager",
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toMatch(/text\/csv/);
    // Cells starting with = + - @ are escaped against formula injection.
    expect(download.body).toBe(
      "row,number,reason_code,reason\r\n3,abc,invalid,Not a phone number\r\n4,'+91 9876543210,duplicate,Duplicate of +919876543210\r\n7,'=1+2,invalid,Not a phone number\r\n",
    );

    const foreign = await server.call({
      method: "GET",
      url: `/api/v1/reports/validating-progress/${id}`,
      as: "globex",
    });
    expect(foreign.statusCode).toBe(404);
    const foreignCsv = await server.call({
      method: "GET",
      url: `/api/v1/campaign-control/${id}/rejected-rows`,
      as: "globex",
    });
    expect(foreignCsv.statusCode).toBe(404);
  });

  it("finds the phone column by its values when no header names it; semicolon files too", async () => {
    const { row, recipients } = await ingested(
      await uploadCsv(Buffer.from("who;contact no\nA;9876543210\nB;9876543211\n")),
    );
    expect(row.status).toBe("ready");
    expect(recipients.map((r) => r.number)).toEqual(["+919876543210", "+919876543211"]);
  });

  it("reads a file of bare numbers (no header) from its first row", async () => {
    const { row, recipients } = await ingested(await uploadCsv(Buffer.from("9876543210\n9876543211\n")));
    expect(row.status).toBe("ready");
    expect(recipients.map((r) => r.row)).toEqual([1, 2]);
  });

  it.each([
    ["empty", Buffer.alloc(0), INGEST_REASONS.empty],
    ["header only", Buffer.from("name,phone\n"), INGEST_REASONS.headerOnly],
    ["no phone column", Buffer.from("name,city\nAsha,Pune\nRavi,Delhi\n"), INGEST_REASONS.noPhoneColumn],
    [
      "binary junk after text",
      Buffer.concat([Buffer.from(`phone\n${"9876543210\n".repeat(500)}`), Buffer.from([0, 1, 2, 0xff, 0])]),
      INGEST_REASONS.junk,
    ],
    ["0 valid numbers", Buffer.from("phone\n123\nabc\n"), INGEST_REASONS.noValid],
    [
      "too many rows",
      Buffer.from(`phone\n${Array.from({ length: MAX_ROWS + 5 }, (_, i) => 9876500000 + i).join("\n")}\n`),
      INGEST_REASONS.tooMany(MAX_ROWS),
    ],
  ])("%s → failed with the reason and no recipients", async (_label, bytes, reason) => {
    const { row, recipients } = await ingested(await uploadCsv(bytes));
    expect(row.status).toBe("failed");
    expect(row.statusReason).toBe(reason);
    expect(recipients).toEqual([]);
  });

  it("a {{column}} the file lacks fails the campaign with its name", async () => {
    const { row, recipients } = await ingested(
      await uploadCsv(Buffer.from("phone,name\n9876543210,A\n"), ["{{first_name}}"]),
    );
    expect(row).toMatchObject({ status: "failed", statusReason: INGEST_REASONS.missingColumns(["first_name"]) });
    expect(recipients).toEqual([]);
  });
});

describe("on a DLT route (an SMS account with a DLT entity id)", () => {
  const over = (n: number) => `https://ex.am/${"p".repeat(n - 14)}`;
  it("lists foreign, landline and over-long rows as invalid with the reason; only Indian mobiles within the limit become recipients", async () => {
    const csv = [
      "phone,name,link",
      `9876543210,Asha,${over(30)}`, // row 2: an Indian mobile, the link at the limit
      `+1 415 555 0100,Bob,${over(20)}`, // row 3: United States
      `5123456789,Cy,${over(20)}`, // row 4: ten digits starting 5, not a mobile series
      `+91 11 2345 6789,Del,${over(20)}`, // row 5: Delhi landline
      `9876543211,Eve,${over(34)}`, // row 6: the link 34 characters
      `+44 7400 123456,Fay,${over(20)}`, // row 7: United Kingdom mobile
      `9876543212,Hal,${over(31)}`, // row 8: the link one over
      `9876543213,Gia,${over(20)}`, // row 9: fine
    ].join("\n");
    const id = await uploadCsv(Buffer.from(csv), ["{{link}}"]);
    const { row, recipients, rejected } = await ingested(id);
    expect(row).toMatchObject({ status: "ready", rowsRead: 8, validCount: 2, invalidCount: 6, duplicateCount: 0 });
    expect(recipients.map((r) => [r.row, r.number, r.variables])).toEqual([
      [2, "+919876543210", [over(30)]],
      [9, "+919876543213", [over(20)]],
    ]);
    const route = DLT_ROUTE_MESSAGES.notIndianMobile;
    expect(rejected).toEqual([
      { row: 3, value: "+1 415 555 0100", kind: "invalid", reason: route },
      { row: 4, value: "5123456789", kind: "invalid", reason: route },
      { row: 5, value: "+91 11 2345 6789", kind: "invalid", reason: route },
      { row: 6, value: "9876543211", kind: "invalid", reason: DLT_ROUTE_MESSAGES.variableTooLong("{{link}}", 34) },
      { row: 7, value: "+44 7400 123456", kind: "invalid", reason: route },
      { row: 8, value: "9876543212", kind: "invalid", reason: DLT_ROUTE_MESSAGES.variableTooLong("{{link}}", 31) },
    ]);
    expect(route).toContain("Indian mobile numbers only");
    const download = await server.call({
      method: "GET",
      url: `/api/v1/campaign-control/${id}/rejected-rows`,
      as: "manager",
    });
    expect(download.body).toContain(
      `6,9876543211,dltVariable,Variable {{link}} is 34 characters; DLT allows at most ${SMS_VARIABLE_MAX}\r\n`,
    );
    expect(download.body).toContain(`3,'+1 415 555 0100,dltNumber,${route}\r\n`);
    const counts = (
      await server.call({ method: "GET", url: `/api/v1/reports/validating-progress/${id}`, as: "manager" })
    ).json().data.excluded;
    expect(
      Object.fromEntries((counts as { reason: string; count: number }[]).map((e) => [e.reason, e.count])),
    ).toMatchObject({ invalid: 0, dltNumber: 4, dltVariable: 2, duplicate: 0 });
  });

  it("a fixed value over the limit makes every row invalid: the campaign fails with no recipients", async () => {
    const { row, recipients, rejected } = await ingested(
      await uploadCsv(Buffer.from("phone\n9876543210\n"), ["x".repeat(SMS_VARIABLE_MAX + 1)]),
    );
    expect(row).toMatchObject({ status: "failed", statusReason: INGEST_REASONS.noValid });
    expect(recipients).toEqual([]);
    expect(rejected).toEqual([
      { row: 2, value: "9876543210", kind: "invalid", reason: DLT_ROUTE_MESSAGES.variableTooLong("#1", 31) },
    ]);
  });
});

describe("zip bombs and damaged zips", () => {
  it.each([
    [
      "a zip that is no workbook",
      () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]),
      "file: The Excel file could not be read (a damaged or unsupported zip)",
    ],
    [
      "a workbook bomb (20 MB of rows in a small file)",
      () => xlsxBomb(20),
      "file: The Excel file is compressed more than 100 to 1, as zip bombs are; it was not read",
    ],
    [
      "the bomb with lying sizes",
      () => withLyingSizes(xlsxBomb(20)),
      "file: The Excel file is compressed more than 100 to 1, as zip bombs are; it was not read",
    ],
  ])("%s is refused at upload with 422, and no campaign is made", async (_label, bytes, message) => {
    const before = (await db().select({ id: campaigns.id }).from(campaigns)).length;
    const fields = {
      campaignName: "Bomb",
      smsAccountId: f.smsAccountId,
      templateId: f.smsTemplateId,
      variables: JSON.stringify(["Friend"]),
    };
    const res = await server.call({
      method: "POST",
      url: "/api/sms/campaigns/create",
      as: "manager",
      ...(await multipart(fields, { field: "file", bytes: bytes(), name: "list.xlsx" })),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(message);
    expect((await db().select({ id: campaigns.id }).from(campaigns)).length).toBe(before);
  });
});

describe("a workbook stored before the limits (read again at ingest)", () => {
  it("whose shared text unpacks past its cap fails the campaign with the reason and keeps no recipient", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Audience").addRows([["phone"], [9876543210]]);
    const id = await uploadCsv(Buffer.from(await workbook.xlsx.writeBuffer()), ["Friend"], "list.xlsx", "plain");
    const [draft] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    // The stored file is swapped for one that the upload would now refuse: 130 MB of shared text in under 3 MB.
    const bytes = xlsxWithSharedStrings(
      130,
      () => `<t>${Math.random().toString(36).slice(2, 10)}${"x".repeat(600)}</t>`,
    );
    await server.app.storage.putStream(draft.sourceKey as string, Readable.from([bytes]), "application/octet-stream");
    const { row, recipients, rejected } = await ingested(id);
    expect(row).toMatchObject({
      status: "failed",
      statusReason: "The Excel file's text (xl/sharedStrings.xml) unpacks to more than 128 MB; it was not read",
      validCount: 0,
      rowsRead: 0,
    });
    expect([recipients, rejected]).toEqual([[], []]);
  }, 120_000);
});

describe("XLSX and pasted numbers", () => {
  it("reads the first worksheet of an XLSX by streaming", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Audience");
    sheet.addRow(["Name", "Phone"]);
    sheet.addRow(["Asha", 9876543210]);
    sheet.addRow(["Ravi", "+44 7400 123456"]);
    sheet.addRow(["Bad", "12"]);
    workbook.addWorksheet("Other").addRow(["phone", "9999999999"]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const id = await uploadCsv(bytes, ["{{Name}}"], "list.xlsx", "plain");
    const { row, recipients, rejected } = await ingested(id);
    expect(row).toMatchObject({ status: "ready", sourceKind: "xlsx", validCount: 2, invalidCount: 1 });
    expect(recipients).toEqual([
      { row: 2, number: "+919876543210", variables: ["Asha"], state: "queued", name: "Asha" },
      { row: 3, number: "+447400123456", variables: ["Ravi"], state: "queued", name: "Ravi" },
    ]);
    expect(rejected).toEqual([{ row: 4, value: "12", kind: "invalid", reason: "Not a phone number" }]);
  });

  it("pasted numbers split on lines, commas and semicolons; the campaign's region applies", async () => {
    const res = await server.call({
      method: "POST",
      url: "/api/sms/campaigns/create",
      as: "manager",
      payload: {
        campaignName: "Paste",
        smsAccountId: f.plainSmsAccountId,
        templateId: f.plainSmsTemplateId,
        variables: ["x"],
        defaultRegion: "GB",
        numbers: "07400 123456, 07400123456;nope\n\n+919876543210",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { row, recipients, rejected } = await ingested(res.json().data._id);
    expect(row).toMatchObject({ status: "ready", validCount: 2, duplicateCount: 1, invalidCount: 1 });
    expect(recipients.map((r) => [r.row, r.number, r.variables])).toEqual([
      [1, "+447400123456", null],
      [4, "+919876543210", null],
    ]);
    expect(rejected.map((r) => [r.row, r.kind])).toEqual([
      [2, "duplicate"],
      [3, "invalid"],
    ]);
  });
});

describe("re-runs", () => {
  it("a run that died half-way, run again, gives exactly the same recipients", async () => {
    const lines = ["phone,name", ...Array.from({ length: 40 }, (_, i) => `${9876500000 + (i % 35)},N${i}`)];
    const id = await uploadCsv(Buffer.from(lines.join("\n")), ["{{name}}"]);
    const [draft] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    // A store whose stream breaks after 300 bytes: the process "dies" after writing some batches.
    const breaking: Storage = {
      ...server.app.storage,
      async get(key) {
        const stream = await server.app.storage.get(key);
        if (!stream) return null;
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        const all = Buffer.concat(chunks);
        return Readable.from(
          (async function* () {
            yield all.subarray(0, 300);
            await new Promise((resolve) => setTimeout(resolve, 100));
            throw new Error("connection reset");
          })(),
        );
      },
    };
    await expect(ingestCampaign({ db: db(), storage: breaking, batchSize: 5, leaseMs: 60_000 }, draft)).rejects.toThrow(
      "connection reset",
    );
    const [half] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    expect(half.status).toBe("validating");
    const partial = await db().select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
    expect(partial.length).toBeGreaterThan(0);

    // The lease lapses; the job claims it again.
    await db()
      .update(campaigns)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(campaigns.id, id));
    const { row, recipients, rejected } = await ingested(id);
    expect(row).toMatchObject({ status: "ready", validCount: 35, duplicateCount: 5, invalidCount: 0 });
    expect(recipients.map((r) => r.row)).toEqual(Array.from({ length: 35 }, (_, i) => i + 2));
    expect(new Set(recipients.map((r) => r.number)).size).toBe(35);
    expect(recipients[0].variables).toEqual(["N0"]);
    expect(rejected.map((r) => r.row)).toEqual([37, 38, 39, 40, 41]);
  });
});
