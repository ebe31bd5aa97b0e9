import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMPORT_REJECT, IMPORT_UNSTARTED_HOURS, suggestMapping } from "../../contract/domain/contact-import";
import { contactAttributeDefs, contactImportRejects, contactImports, contacts } from "../db/schema";
import { startServer, type DemoName, type TestServer } from "./harness";
import { multipart } from "./media-fixtures";
import { runImport } from "../services/contacts/import-run";
import { CONTACT_IMPORT_EXPIRY_JOB } from "../jobs/contact-import-expiry";

let server: TestServer;
const MAX_BYTES = 16_384;
beforeAll(async () => {
  // The job runs when a test ticks it; the size limit is small so "too large" is cheap to send.
  server = await startServer({ jobIntervalMs: 3_600_000, audience: { maxBytes: MAX_BYTES, maxRows: 1000 } });
});
afterAll(async () => server?.close());

const URL_ = "/api/v1/contacts/imports";
const upload = async (as: DemoName, bytes: Buffer, name = "people.csv") =>
  server.call({ method: "POST", url: URL_, as, ...(await multipart({}, { field: "file", bytes, name })) });
const start = (as: DemoName, id: string, payload: Record<string, unknown>) =>
  server.call({ method: "POST", url: `${URL_}/${id}/start`, as, payload });
const tick = () => server.app.jobs.get("contact-import")?.tick();
const csv = (lines: string[]) => Buffer.from(lines.join("\n"));
const db = () => server.database.db;
const contactsOf = async (as: DemoName) =>
  (
    await db()
      .select()
      .from(contacts)
      .where(eq(contacts.userId, await server.id(as)))
  ).sort((a, b) => a.number.localeCompare(b.number));

/** Uploads, starts with the mapping (the suggested one unless given), runs the job; answers the finished import. */
async function importFile(
  as: DemoName,
  lines: string[],
  options: { mapping?: string[]; mode?: "update" | "skip" } = {},
) {
  const uploaded = await upload(as, csv(lines));
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const { id, suggested } = uploaded.json().data;
  const started = await start(as, id, { mapping: options.mapping ?? suggested, mode: options.mode ?? "update" });
  expect(started.statusCode, started.body).toBe(200);
  await tick();
  const done = await server.call({ method: "GET", url: `${URL_}/${id}`, as });
  return done.json().data;
}

const rejectedCsv = async (as: DemoName, id: string) =>
  server.call({ method: "GET", url: `${URL_}/${id}/rejected`, as });

beforeEach(async () => {
  await db().delete(contactImports);
  await db().delete(contacts);
  await db().delete(contactAttributeDefs);
});

async function defineAttributes(as: DemoName) {
  for (const payload of [
    { key: "city", label: "City", type: "text" },
    { key: "orders", label: "Orders", type: "number" },
    { key: "renewal", label: "Renewal", type: "date" },
    { key: "vip", label: "VIP", type: "boolean" },
    { key: "plan", label: "Plan", type: "choice", choices: ["Gold", "Silver"] },
  ])
    expect((await server.call({ method: "POST", url: "/api/v1/contact-attributes", as, payload })).statusCode).toBe(
      201,
    );
}

describe("contacts import: upload and mapping", () => {
  it.each([
    [
      ["Mobile", "Name", "E-mail", "Lang", "Tags", "Notes"],
      ["number", "name", "email", "language", "labels", "skip"],
    ],
    [
      ["phone number", "Full Name", "city", "Plan"],
      ["number", "name", "attributes.city", "attributes.plan"],
    ],
    [
      ["number", "mobile"],
      ["number", "skip"],
    ],
  ])("guesses %j as %j", (headers, expected) => {
    expect(
      suggestMapping(headers, [
        { key: "city", label: "City" },
        { key: "plan", label: "Plan" },
      ]),
    ).toEqual(expected);
  });

  it("answers the file's own headers, the first rows and the suggested mapping; an XLSX too", async () => {
    const res = await upload("user", csv(["Mobile,Name,Note", "9876543210,Asha,x", "9876543211,Ravi,y"]));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: "uploaded",
      headers: ["Mobile", "Name", "Note"],
      preview: [
        ["9876543210", "Asha", "x"],
        ["9876543211", "Ravi", "y"],
      ],
      suggested: ["number", "name", "skip"],
    });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("People");
    sheet.addRows([
      ["Phone", "Name"],
      [9876543212, "Meera"],
    ]);
    const xlsx = await upload("user", Buffer.from(await book.xlsx.writeBuffer()), "people.xlsx");
    expect(xlsx.statusCode, xlsx.body).toBe(201);
    expect(xlsx.json().data).toMatchObject({ headers: ["Phone", "Name"], preview: [["9876543212", "Meera"]] });
  });

  it.each([
    ["an empty file", Buffer.from(""), "empty.csv", 400],
    ["a PDF", Buffer.from("%PDF-1.4\u0000\u0001binary"), "x.pdf", 400],
    ["a file over the limit", Buffer.alloc(MAX_BYTES + 10, "9876543210\n"), "big.csv", 413],
  ] as const)("refuses %s and writes nothing", async (_what, bytes, name, status) => {
    const res = await upload("manager", bytes, name);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(false);
    if (status === 413) expect(res.json().message).toBe("The file is larger than 16 KB");
    expect(await db().select().from(contactImports)).toHaveLength(0);
  });

  it.each([
    ["no number column", ["skip", "name"], "mapping: Map one column to the number"],
    [
      "an unknown attribute",
      ["number", "attributes.shoe_size"],
      "mapping.1: attributes.shoe_size is not a contact field",
    ],
    ["a field twice", ["number", "number"], "mapping.1: number is mapped to more than one column"],
    ["more columns than the file", ["number", "name", "email"], "mapping: The mapping names 3 columns"],
  ])("refuses a mapping with %s (400) and starts nothing", async (_what, mapping, message) => {
    const { id } = (await upload("manager", csv(["Mobile,Name", "9876543210,Asha"]))).json().data;
    const res = await start("manager", id, { mapping, mode: "update" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    await tick();
    const [row] = await db().select().from(contactImports);
    expect(row.status).toBe("uploaded");
    expect(await contactsOf("manager")).toHaveLength(0);
  });

  it("refuses a bad mode by the schema, and a second start (409)", async () => {
    const { id } = (await upload("manager", csv(["Mobile", "9876543210"]))).json().data;
    expect((await start("manager", id, { mapping: ["number"], mode: "merge" })).statusCode).toBe(400);
    expect((await start("manager", id, { mapping: ["number"], mode: "skip" })).statusCode).toBe(200);
    expect((await start("manager", id, { mapping: ["number"], mode: "skip" })).statusCode).toBe(409);
  });
});

describe("contacts import: rows", () => {
  it("creates contacts with source import, rejects each bad row with its reason, and the first of a duplicate wins", async () => {
    await defineAttributes("manager");
    const data = await importFile("manager", [
      "Mobile,Name,Email,Language,Labels,City,Orders,Renewal,VIP,Plan",
      "98765 43210,Asha,asha@example.com,hi,vip; north,Pune,1200,2026-03-01,yes,gold",
      ",No number,,,,,,,,",
      "12345,Bad number,,,,,,,,",
      "9876543211,Bad email,not-an-email,,,,,,,",
      "9876543212,Bad language,,english!,,,,,,",
      "9876543213,Bad orders,,,,,many,,,",
      "9876543214,Bad date,,,,,,2026-02-30,,",
      "9876543215,Bad yes/no,,,,,,,maybe,",
      "9876543216,Bad plan,,,,,,,,Bronze",
      "+919876543210,Second Asha,,,,,,,,",
      "",
      "9876543217,Ravi,,,,,,,no,",
    ]);
    expect(data).toMatchObject({ status: "done", rowsRead: 11, created: 2, updated: 0, skipped: 0, rejected: 9 });
    const [asha, ravi] = await contactsOf("manager");
    expect(asha).toMatchObject({
      number: "+919876543210",
      name: "Asha",
      email: "asha@example.com",
      language: "hi",
      labels: ["vip", "north"],
      attributes: { city: "Pune", orders: 1200, renewal: "2026-03-01", vip: true, plan: "Gold" },
      source: "import",
    });
    expect(ravi).toMatchObject({ number: "+919876543217", attributes: { vip: false } });

    const res = await rejectedCsv("manager", data.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header).toEqual([
      "row",
      "reason",
      "Mobile",
      "Name",
      "Email",
      "Language",
      "Labels",
      "City",
      "Orders",
      "Renewal",
      "VIP",
      "Plan",
    ]);
    expect(rows.map((r) => [Number(r[0]), r[1]])).toEqual([
      [3, IMPORT_REJECT.noNumber],
      [4, "number: Not a phone number"],
      [5, IMPORT_REJECT.email],
      [6, IMPORT_REJECT.language],
      [7, "orders: must be a number"],
      [8, "renewal: must be a date (YYYY-MM-DD)"],
      [9, "vip: must be true or false"],
      [10, "plan: must be one of: Gold, Silver"],
      [11, IMPORT_REJECT.duplicate("+919876543210")],
    ]);
    // The row's own cells follow, so the file can be fixed and imported again.
    expect(rows[1].slice(2, 4)).toEqual(["12345", "Bad number"]);
  });

  it.each([
    [
      "update",
      { created: 1, updated: 1, skipped: 0 },
      { name: "New name", email: "old@example.com", labels: ["new", "old"], attributes: { city: "Delhi" } },
    ],
    ["skip", { created: 1, updated: 0, skipped: 1 }, { name: "Old name", labels: ["old"], attributes: {} }],
  ] as const)("mode %s: existing contacts are %s", async (mode, counts, expected) => {
    await defineAttributes("manager");
    const made = await server.call({
      method: "POST",
      url: "/api/v1/contacts",
      as: "manager",
      payload: { number: "9876543210", name: "Old name", email: "old@example.com", labels: ["old"] },
    });
    expect(made.statusCode).toBe(201);
    const data = await importFile(
      "user",
      ["phone,name,email,tags,city", "9876543210,New name,,new,Delhi", "9876543299,Fresh,,,"],
      { mode },
    );
    expect(data).toMatchObject({ status: "done", ...counts, rejected: 0 });
    const [existing, fresh] = await contactsOf("manager");
    expect(existing).toMatchObject({ ...expected, source: "console" });
    expect(fresh).toMatchObject({ number: "+919876543299", name: "Fresh", source: "import" });
  });

  it("writes in batches, counting as it goes: 30 rows in batches of 4 (a query per batch, not per row)", async () => {
    const lines = ["id,mobile,name"];
    for (let i = 0; i < 30; i++) lines.push(`${i},+9198${String(i).padStart(8, "0")},P${i}`);
    lines.push("30,+919800000003,Again");
    const { id } = (await upload("manager", csv(lines))).json().data;
    expect((await start("manager", id, { mapping: ["skip", "number", "name"], mode: "update" })).statusCode).toBe(200);
    const [row] = await db().select().from(contactImports).where(eq(contactImports.id, id));
    await runImport({ db: db(), storage: server.app.storage, leaseMs: 60_000, batchSize: 4 }, row);
    const done = (await server.call({ method: "GET", url: `${URL_}/${id}`, as: "manager" })).json().data;
    expect(done).toMatchObject({
      status: "done",
      rowsRead: 31,
      created: 30,
      rejected: 1,
      finishedAt: expect.any(String),
    });
    expect(await contactsOf("manager")).toHaveLength(30);
  });
});

describe("contacts import: a re-run after the process died", () => {
  it("resumes after the rows the last committed batch counted: the counts read as one run's, nothing twice", async () => {
    // 30 rows, a duplicate of row 3 at the end and a bad number in the middle, in batches of 4.
    const lines = ["id,mobile,name"];
    for (let i = 0; i < 30; i++) lines.push(`${i},+9197${String(i).padStart(8, "0")},P${i}`);
    lines.splice(15, 0, "x,12,Too short");
    lines.push("30,+919700000003,Again");
    const { id } = (await upload("manager", csv(lines))).json().data;
    expect((await start("manager", id, { mapping: ["skip", "number", "name"], mode: "update" })).statusCode).toBe(200);
    const [queued] = await db().select().from(contactImports).where(eq(contactImports.id, id));
    // The process dies in its fourth batch's transaction: three batches (12 rows) committed, the fourth never.
    let transactions = 0;
    const dying = new Proxy(db(), {
      get(target, key, receiver) {
        if (key !== "transaction") return Reflect.get(target, key, receiver);
        return (...args: Parameters<typeof target.transaction>) => {
          if (++transactions === 4) return Promise.reject(new Error("the process died"));
          return target.transaction(...args);
        };
      },
    });
    await expect(
      runImport({ db: dying, storage: server.app.storage, leaseMs: 60_000, batchSize: 4 }, queued),
    ).rejects.toThrow("the process died");
    const [died] = await db().select().from(contactImports).where(eq(contactImports.id, id));
    expect(died).toMatchObject({ status: "running", rowsRead: 12, created: 12, updated: 0, rejected: 0 });
    expect(await contactsOf("manager")).toHaveLength(12);

    // Another process takes it over once the lease lapsed.
    await runImport({ db: db(), storage: server.app.storage, leaseMs: 60_000, batchSize: 4 }, died);
    const done = (await server.call({ method: "GET", url: `${URL_}/${id}`, as: "manager" })).json().data;
    expect(done).toMatchObject({ status: "done", rowsRead: 32, created: 30, updated: 0, skipped: 0, rejected: 2 });
    expect(await contactsOf("manager")).toHaveLength(30);
    const rejected = await db()
      .select({ row: contactImportRejects.row, reason: contactImportRejects.reason })
      .from(contactImportRejects)
      .where(eq(contactImportRejects.importId, id))
      .orderBy(contactImportRejects.row);
    expect(rejected).toEqual([
      { row: 16, reason: expect.stringContaining("Not a phone number") },
      { row: 33, reason: IMPORT_REJECT.duplicate("+919700000003") },
    ]);
  });
});

describe("contacts import: files never started", () => {
  it(`are discarded ${IMPORT_UNSTARTED_HOURS} hours after the upload, with their stored file; started ones stay`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await upload("manager", csv(["mobile", `+91975000000${i}`]))).json().data.id as string);
    const [old, fresh, started] = ids as [string, string, string];
    expect((await start("manager", started, { mapping: ["number"], mode: "update" })).statusCode).toBe(200);
    const dayAgo = new Date(Date.now() - (IMPORT_UNSTARTED_HOURS * 3_600_000 + 60_000));
    await db()
      .update(contactImports)
      .set({ createdAt: dayAgo })
      .where(inArray(contactImports.id, [old, started]));
    const keyOf = async (id: string) =>
      (await db().select().from(contactImports).where(eq(contactImports.id, id)))[0]?.sourceKey;
    const oldKey = (await keyOf(old)) as string;
    expect(await server.app.storage.get(oldKey)).not.toBeNull();

    await server.app.jobs.get(CONTACT_IMPORT_EXPIRY_JOB)?.tick();
    expect(await keyOf(old)).toBeUndefined();
    expect(await server.app.storage.get(oldKey)).toBeNull();
    expect((await server.call({ method: "GET", url: `${URL_}/${old}`, as: "manager" })).statusCode).toBe(404);
    expect(await keyOf(fresh)).toBeDefined();
    expect(await keyOf(started)).toBeDefined();
  });
});

describe("contacts import: who may", () => {
  it("another account cannot read, start or download an import (404), and its rows stay apart", async () => {
    const { id } = (await upload("manager", csv(["Mobile", "12"]))).json().data;
    expect((await start("manager", id, { mapping: ["number"], mode: "update" })).statusCode).toBe(200);
    await tick();
    expect(await db().select().from(contactImportRejects)).toHaveLength(1);
    for (const r of [
      { method: "GET" as const, url: `${URL_}/${id}` },
      { method: "GET" as const, url: `${URL_}/${id}/rejected` },
      { method: "POST" as const, url: `${URL_}/${id}/start`, payload: { mapping: ["number"], mode: "update" } },
    ])
      expect((await server.call({ ...r, as: "globex" })).statusCode, r.url).toBe(404);
    // The manager's user and department head work on the manager's imports.
    for (const as of ["user", "depthead"] as const)
      expect((await server.call({ method: "GET", url: `${URL_}/${id}`, as })).statusCode).toBe(200);
  });

  it.each(["admin", "reseller"] as const)("%s may not import (403, nothing written)", async (as) => {
    expect((await upload(as, csv(["Mobile", "9876543210"]))).statusCode).toBe(403);
    expect(await db().select().from(contactImports)).toHaveLength(0);
  });
});
