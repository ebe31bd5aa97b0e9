// The zip limits on their own: bombs (a small file, a huge inflate), headers that lie about sizes, too many entries,
// damaged archives, and honest documents and workbooks passing untouched.
import { randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import ExcelJS from "exceljs";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../http/errors";
import { docxOf } from "../../test/ai-files";
import { docxBomb, withLyingSizes, xlsxBomb } from "../../test/zip-bombs";
import { repackZip, ZIP_LIMITS, zipGuard, type ZipLimits } from "./zip-guard";

const refusal = (work: () => unknown): HttpError => {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("not refused");
};

const SMALL: ZipLimits = {
  kind: "test file",
  maxEntries: 10,
  maxEntryBytes: 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024,
  maxRatio: 100,
};

describe("repackZip", () => {
  it("passes an honest document, rewriting the same entries", () => {
    const docx = docxOf(["Loyalty programme", "Every ₹100 spent earns 5 points."]);
    const repacked = repackZip(docx, ZIP_LIMITS.docx);
    expect(Object.keys(unzipSync(repacked)).sort()).toEqual(Object.keys(unzipSync(docx)).sort());
    expect(new TextDecoder().decode(unzipSync(repacked)["word/document.xml"])).toContain(
      "Every ₹100 spent earns 5 points.",
    );
  });

  it("refuses the report's bomb (a small .docx unpacking to 20 MB of XML) as soon as the ratio shows", () => {
    const bomb = docxBomb(20);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const started = performance.now();
    const error = refusal(() => repackZip(bomb, ZIP_LIMITS.docx));
    // mammoth took two minutes on such a file; the count stops at the first MB or so (generous for a loaded machine).
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(
      "file: The Word document is compressed more than 100 to 1, as zip bombs are; it was not read",
    );
  });

  it("does not believe the sizes the headers declare", () => {
    const lying = withLyingSizes(docxBomb(20), 100);
    expect(refusal(() => repackZip(lying, ZIP_LIMITS.docx)).statusCode).toBe(422);
    // Incompressible bytes declared as 100 bytes: the cap on what really comes out holds.
    const big = withLyingSizes(Buffer.from(zipSync({ "a.bin": randomBytes(3 * 1024 * 1024) }, { level: 0 })), 100);
    const error = refusal(() => repackZip(big, SMALL));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe("file: A part of the test file unpacks to more than 1 MB; it was not read");
  });

  it("caps the total over many entries, and the number of entries", () => {
    const parts = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`part-${i}.bin`, randomBytes(700 * 1024)]));
    expect(refusal(() => repackZip(Buffer.from(zipSync(parts, { level: 0 })), SMALL)).message).toBe(
      "file: The test file unpacks to more than 2 MB; it was not read",
    );
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}.txt`, new TextEncoder().encode("x")]));
    expect(refusal(() => repackZip(Buffer.from(zipSync(many)), SMALL)).message).toBe(
      "file: The test file holds more than 10 parts; it was not read",
    );
  });

  it("caps a named part tighter than other entries, over every entry of that name together", () => {
    const limits: ZipLimits = {
      ...SMALL,
      parts: { "xl/sharedStrings.xml": { what: "text (xl/sharedStrings.xml)", maxBytes: 256 * 1024 } },
    };
    const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files, { level: 0 }));
    // 300 KB passes as any other entry, but not under the part's own name.
    expect(Object.keys(unzipSync(repackZip(zip({ "xl/other.xml": randomBytes(300 * 1024) }), limits)))).toEqual([
      "xl/other.xml",
    ]);
    const error = refusal(() => repackZip(zip({ "xl/sharedStrings.xml": randomBytes(300 * 1024) }), limits));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe(
      "file: The test file's text (xl/sharedStrings.xml) unpacks to more than 256 KB; it was not read",
    );
    // Two entries of that name (exceljs reads both, adding to one cache), 150 KB each: together past the cap.
    const twice = zip({
      "xl/sharedStrings.xml": randomBytes(150 * 1024),
      "xl/sharedStrings.xmk": randomBytes(150 * 1024),
    });
    const renamed = Buffer.from(
      twice.toString("latin1").replaceAll("xl/sharedStrings.xmk", "xl/sharedStrings.xml"),
      "latin1",
    );
    expect(refusal(() => repackZip(renamed, limits)).statusCode).toBe(413);
  });

  it.each([
    ["a local header and nothing else", Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)])],
    ["a zip cut in the middle of an entry", docxBomb(1).subarray(0, 2000)],
    ["no zip at all", Buffer.from("just some text")],
  ])("refuses %s as unreadable (422)", (_label, bytes) => {
    const error = refusal(() => repackZip(bytes, ZIP_LIMITS.docx));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe("file: The Word document could not be read (a damaged or unsupported zip)");
  });
});

describe("zipGuard (streams)", () => {
  const through = async (bytes: Buffer, limits: ZipLimits = ZIP_LIMITS.xlsx) => {
    const out: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out.push(chunk);
        done();
      },
    });
    await pipeline(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), zipGuard(limits), sink);
    return Buffer.concat(out);
  };

  it("hands an honest workbook on byte for byte", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Audience").addRows([
      ["Name", "Phone"],
      ["Asha", 9876543210],
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await through(bytes)).equals(bytes)).toBe(true);
  });

  it("errors on a workbook bomb, lying sizes or not, before it has all gone by", async () => {
    const bomb20 = xlsxBomb(20);
    for (const bomb of [bomb20, withLyingSizes(bomb20)]) {
      const error = await through(bomb).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).message).toBe(
        "file: The Excel file is compressed more than 100 to 1, as zip bombs are; it was not read",
      );
    }
  });
});
