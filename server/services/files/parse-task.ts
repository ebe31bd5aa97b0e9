// What a parse worker does with one document: the parsers that can be made to use much memory or time by a small
// file. Runs inside the worker thread (parse-worker.ts); the answer is plain data, since errors do not cross threads.
export type ParseTask = { kind: "pdf" | "docx"; bytes: Uint8Array; maxPages: number };
export type ParseAnswer =
  { ok: true; text: string } | { ok: false; reason: "pages"; pages: number } | { ok: false; reason: "unreadable" };

async function pdfText(bytes: Uint8Array, maxPages: number): Promise<ParseAnswer> {
  const { PDFParse } = await import("pdf-parse");
  const parser = new PDFParse({ data: bytes });
  try {
    const { total } = await parser.getInfo();
    if (total > maxPages) return { ok: false, reason: "pages", pages: total };
    // pdf-parse marks page ends with "-- 1 of 3 --"; they are not knowledge.
    return { ok: true, text: (await parser.getText()).text.replace(/^-- \d+ of \d+ --$/gm, "") };
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}

async function docxText(bytes: Uint8Array): Promise<ParseAnswer> {
  const mammoth = await import("mammoth");
  return {
    ok: true,
    text: (await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }))
      .value,
  };
}

export async function runParseTask(task: ParseTask): Promise<ParseAnswer> {
  try {
    return task.kind === "pdf" ? await pdfText(task.bytes, task.maxPages) : await docxText(task.bytes);
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
