import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { suppressions } from "../db/schema";
import { multipart } from "./media-fixtures";
import { xlsxBomb, xlsxWithSharedStrings } from "./zip-bombs";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const URL_ = "/api/v1/suppressions";
const add = (as: DemoName, numbers: string, reason?: string) =>
  server.call({ method: "POST", url: URL_, as, payload: { numbers, ...(reason ? { reason } : {}) } });
const list = async (as: DemoName, query = "") => {
  const params = new URLSearchParams({ limit: "100" });
  for (const [k, v] of new URLSearchParams(query)) params.set(k, v);
  return (await server.call({ method: "GET", url: `${URL_}?${params}`, as })).json();
};
const numbersOf = async (as: DemoName) => (await list(as)).data.map((r: { number: string }) => r.number).sort();
/** Empties an account's list (the demo seed adds its STOP replies). */
const clearList = async (as: DemoName) =>
  server.database.db.delete(suppressions).where(eq(suppressions.userId, await server.id(as)));
const rowsOf = async (as: DemoName) =>
  server.database.db
    .select()
    .from(suppressions)
    .where(eq(suppressions.userId, await server.id(as)));

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Numbers");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const upload = async (as: DemoName, bytes: Buffer, name: string) =>
  server.call({ method: "POST", url: `${URL_}/import`, as, ...(await multipart({}, { field: "file", bytes, name })) });

describe("suppressions.add", () => {
  it("normalises pasted numbers to E.164, ignores duplicates and reports invalid ones with reasons", async () => {
    const res = await add("user", "98765 43210\n+91 98765 43211, 0987654321 0;hello\n\n123", "Asked to stop");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, added: 2, message: "2 numbers added to the suppression list" });
    expect(res.json().invalid).toEqual([
      { row: 4, value: "hello", kind: "invalid", reason: "Not a valid phone number" },
      { row: 5, value: "123", kind: "invalid", reason: "Not a valid phone number" },
    ]);
    expect(await numbersOf("user")).toEqual(["+919876543210", "+919876543211"]);
    const again = await add("user", "+919876543210");
    expect(again.json()).toMatchObject({ added: 0, invalid: [] });
    const rows = await rowsOf("user");
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.reason === "Asked to stop" && r.source === "manual")).toBe(true);
  });

  it("keeps each account's list apart", async () => {
    await add("priya", "9876543299");
    expect(await numbersOf("priya")).toEqual(["+919876543299"]);
    expect(await numbersOf("user")).not.toContain("+919876543299");
  });

  it("refuses a body without numbers and writes nothing", async () => {
    const before = (await rowsOf("manager")).length;
    expect((await add("manager", "")).statusCode).toBe(400);
    expect(
      (await server.call({ method: "POST", url: URL_, as: "manager", payload: { numbers: "9876543210", extra: 1 } }))
        .statusCode,
    ).toBe(400);
    expect(await rowsOf("manager")).toHaveLength(before);
  });
});

describe("suppressions.list", () => {
  it("pages newest first and searches numbers and reasons", async () => {
    await clearList("manager");
    await add("manager", "9811111111");
    await add("manager", "9822222222", "Complaint 100%");
    const first = await list("manager", "&limit=1");
    expect(first).toMatchObject({ total: 2, totalPages: 2 });
    expect(first.data[0]).toMatchObject({ number: "+919822222222", reason: "Complaint 100%", source: "manual" });
    expect((await list("manager", "&q=1111")).data.map((r: { number: string }) => r.number)).toEqual(["+919811111111"]);
    expect((await list("manager", "&q=100%25")).data.map((r: { number: string }) => r.number)).toEqual([
      "+919822222222",
    ]);
    expect((await list("manager", "&q=%25%25")).total).toBe(0);
  });
});

describe("suppressions.import", () => {
  it("reads the phone column of a CSV", async () => {
    const csv = "name,phone\nAsha,9833333333\nRavi,not a number\nDup,+91 98333 33333\n";
    const res = await upload("globex", Buffer.from(csv), "list.csv");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ added: 1, invalid: [{ row: 3, value: "not a number", kind: "invalid" }] });
    const [row] = await rowsOf("globex");
    expect(row).toMatchObject({ number: "+919833333333", source: "import", reason: "Imported from list.csv" });
  });

  it("reads the first column of an XLSX without a header, numbers stored as numbers", async () => {
    const res = await upload("globex", await xlsx([[9844444444, "x"], ["+919855555555"], ["junk"]]), "list.xlsx");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ added: 2, invalid: [{ row: 3, value: "junk" }] });
    expect(await numbersOf("globex")).toEqual(["+919833333333", "+919844444444", "+919855555555"]);
  });

  it("refuses files with no valid number, junk, another type or no file, and writes nothing", async () => {
    const before = (await rowsOf("globex")).length;
    for (const [bytes, name] of [
      [Buffer.from(""), "empty.csv"],
      [Buffer.from("phone\nabc\n"), "bad.csv"],
      [Buffer.from("9866666666"), "list.pdf"],
    ] as const) {
      const res = await upload("globex", bytes, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().success).toBe(false);
    }
    // Zips are inflated under the limits before exceljs reads them: a damaged one or a bomb is 422.
    for (const [bytes, message] of [
      [
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x13]),
        "file: The Excel file could not be read (a damaged or unsupported zip)",
      ],
      [xlsxBomb(20), "file: The Excel file is compressed more than 100 to 1, as zip bombs are; it was not read"],
    ] as const) {
      const res = await upload("globex", bytes, "list.xlsx");
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(message);
    }
    const none = await server.call({
      method: "POST",
      url: `${URL_}/import`,
      as: "globex",
      ...(await multipart({ a: "b" })),
    });
    expect(none.statusCode).toBe(400);
    expect(await rowsOf("globex")).toHaveLength(before);
  });

  it("refuses with 413 a small workbook whose shared text unpacks past its cap, and writes nothing", async () => {
    const before = (await rowsOf("globex")).length;
    // 130 MB of varied text in under 3 MB, compressed less than 100 to 1: only the shared strings' own cap stops it.
    const bytes = xlsxWithSharedStrings(
      130,
      () => `<t>${Math.random().toString(36).slice(2, 10)}${"x".repeat(600)}</t>`,
    );
    expect(bytes.length).toBeLessThan(3 * 1024 * 1024);
    const res = await upload("globex", bytes, "list.xlsx");
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().message).toBe(
      "file: The Excel file's text (xl/sharedStrings.xml) unpacks to more than 128 MB; it was not read",
    );
    expect(await rowsOf("globex")).toHaveLength(before);
    // The same workbook with little text reads: its sheet's number is added.
    const small = await upload(
      "globex",
      xlsxWithSharedStrings(1, (i) => `<t>name ${i}</t>`),
      "list.xlsx",
    );
    expect(small.statusCode, small.body).toBe(201);
    expect(await numbersOf("globex")).toContain("+919876543210");
  }, 120_000);
});

describe("suppressions.export and remove", () => {
  it("exports number, reason, source and date as formula-safe CSV", async () => {
    await add("rahul", "9877777777", "=cmd|' /C calc'!A0");
    const res = await server.call({ method: "GET", url: `${URL_}/export`, as: "manager" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain('filename="suppression-list.csv"');
    await add("manager", "9888888888", "=cmd|' /C calc'!A0");
    const lines = (await server.call({ method: "GET", url: `${URL_}/export`, as: "manager" })).body
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("number,reason,source,added_at");
    expect(lines.slice(1).map((l) => l.split(",").slice(0, 3).join(","))).toEqual([
      "+919811111111,Added by hand,manual",
      "+919822222222,Complaint 100%,manual",
      "+919888888888,'=cmd|' /C calc'!A0,manual",
    ]);
  });

  it("removes the caller's own entry only", async () => {
    const [entry] = (await list("priya")).data;
    expect((await server.call({ method: "DELETE", url: `${URL_}/${entry.id}`, as: "user" })).statusCode).toBe(404);
    const res = await server.call({ method: "DELETE", url: `${URL_}/${entry.id}`, as: "priya" });
    expect(res.json()).toEqual({ success: true, message: "+919876543299 removed from the suppression list" });
    expect(await numbersOf("priya")).toEqual([]);
    expect((await server.call({ method: "DELETE", url: `${URL_}/${entry.id}`, as: "priya" })).statusCode).toBe(404);
  });

  it("is for users and managers with the campaign module", async () => {
    for (const as of ["admin", "reseller", "depthead"] as const)
      expect((await server.call({ method: "GET", url: URL_, as })).statusCode, as).toBe(403);
    expect((await add("depthead", "9876543210")).statusCode).toBe(403);
    expect((await upload("reseller", Buffer.from("9876543210"), "a.csv")).statusCode).toBe(403);
    expect(
      (await server.call({ method: "DELETE", url: `${URL_}/00000000-0000-4000-8000-000000000000`, as: "admin" }))
        .statusCode,
    ).toBe(403);
    expect((await server.call({ method: "GET", url: `${URL_}/export`, as: "rahul" })).statusCode).toBe(403); // no campaign module
  });
});
