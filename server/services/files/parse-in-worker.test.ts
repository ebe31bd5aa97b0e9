// The parse worker as the backstop behind the zip guard and the page limit: a document inside both, which a parser
// still needs too much memory or time for, ends its worker and is refused with the reason; the server's own heap does
// not grow with it; ordinary files read as before.
import { describe, expect, it } from "vitest";
import { HttpError } from "../../http/errors";
import { docxOf, pdfOf } from "../../test/ai-files";
import { extractText } from "../ai/knowledge/extract";
import { PARSE_LIMITS } from "./parse-in-worker";

async function refusal(run: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
}

// About 12 MB of varied paragraphs, stored uncompressed: inside the zip guard's limits (no ratio to speak of, 32 MB
// per entry), yet mammoth builds a document tree many times that size.
const words = ["refund", "order", "courier", "invoice", "Pune", "delivery", "warranty", "exchange", "store", "receipt"];
const bigDocx = docxOf(
  Array.from(
    { length: 80_000 },
    (_, i) =>
      `${i} ${words.map((w, j) => words[(i * 7 + j * 3) % words.length] + w.length).join(" ")} ${"x".repeat(i % 50)}`,
  ),
);

describe("documents are parsed in a worker under a heap cap and a deadline", () => {
  it("reads ordinary PDF and DOCX files as before", async () => {
    expect((await extractText(pdfOf(["Returns are accepted within 30 days."]), "r.pdf")).text).toContain(
      "Returns are accepted within 30 days.",
    );
    expect((await extractText(docxOf(["Refunds take five days."]), "r.docx")).text).toContain(
      "Refunds take five days.",
    );
  }, 60_000);

  it("refuses with 413 a document the parser needs more memory for than the cap, and the server's heap stays put", async () => {
    expect(bigDocx.length).toBeGreaterThan(10 * 1024 * 1024);
    const capped = { ...PARSE_LIMITS, heapMb: 48 };
    // Under the same cap a small document reads: the worker itself fits.
    expect((await extractText(docxOf(["Refunds take five days."]), "small.docx", capped)).text).toContain(
      "Refunds take five days.",
    );
    const before = process.memoryUsage().heapUsed;
    const refused = await refusal(extractText(bigDocx, "handbook.docx", capped));
    expect(refused).toEqual({
      status: 413,
      message: "file: The Word document needs more memory to read than the server allows; it was not read",
    });
    // The tree was built (and dropped) in the worker: this process holds no more than the file and a copy of it.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  }, 120_000);

  it("refuses with 422 a document that takes longer than the deadline, ending its worker", async () => {
    const refused = await refusal(extractText(bigDocx, "handbook.docx", { ...PARSE_LIMITS, timeoutMs: 200 }));
    expect(refused).toEqual({
      status: 422,
      message: "file: The Word document took longer than 0.2 s to read; it was not read",
    });
  }, 60_000);

  it("runs at most the configured number of parses at once", async () => {
    const limits = { ...PARSE_LIMITS, concurrent: 1 };
    const started = Date.now();
    const ends: number[] = [];
    await Promise.all(
      [0, 1].map(() =>
        extractText(docxOf(["One at a time."]), "a.docx", limits).then(() => ends.push(Date.now() - started)),
      ),
    );
    const [first, second] = ends.sort((a, b) => a - b);
    // The second waited for the first's worker: it ended at least one worker's start-up later.
    expect(second - first).toBeGreaterThan(first / 3);
  }, 60_000);
});
