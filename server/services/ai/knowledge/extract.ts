// The text of an uploaded knowledge file: PDF (pdf-parse 2, which runs on Node 20; pdfjs-dist 6 would need Node 22),
// DOCX (mammoth), CSV (csv-parse: a question and an answer column become FAQ pairs, other tables a passage per row) and
// plain text. The type is read from the bytes; the name only tells CSV from other text.
import { parse as parseCsv } from "csv-parse/sync";
import { AI_LIMITS } from "../../../../contract/domain/ai";
import type { FaqPair } from "../../../db/schema";
import { badRequest, HttpError } from "../../../http/errors";
import { repackZip, ZIP_LIMITS } from "../../files/zip-guard";
import { sniffMimeType } from "../../../storage";

export const PDF = "application/pdf";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export type Extracted = { mimeType: string; text: string; faqs?: undefined } | { mimeType: "text/csv"; text: string; faqs: FaqPair[] };

const refuse = (message: string) => badRequest(`file: ${message}`, [{ field: "file", message }]);

/** A PDF is read only up to this many pages and this long: a small file can describe a huge amount of work. */
export const PDF_LIMITS = { maxPages: 2000, timeoutMs: 60_000 };

class PdfTimeout extends Error {}

async function pdfText(bytes: Buffer): Promise<string> {
  const { PDFParse } = await import("pdf-parse");
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PdfTimeout()), PDF_LIMITS.timeoutMs);
  });
  try {
    const { total } = await Promise.race([parser.getInfo(), deadline]);
    if (total > PDF_LIMITS.maxPages) {
      throw new HttpError(413, `file: The PDF has ${total} pages; at most ${PDF_LIMITS.maxPages} are read`, [{ field: "file", message: `has more than ${PDF_LIMITS.maxPages} pages` }]);
    }
    // pdf-parse marks page ends with "-- 1 of 3 --"; they are not knowledge.
    return (await Promise.race([parser.getText(), deadline])).text.replace(/^-- \d+ of \d+ --$/gm, "");
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof PdfTimeout) throw new HttpError(422, `file: The PDF took longer than ${PDF_LIMITS.timeoutMs / 1000} s to read; it was not read`, [{ field: "file", message: "took too long to read" }]);
    throw refuse("The PDF could not be read (damaged or password-protected)");
  } finally {
    clearTimeout(timer);
    await parser.destroy().catch(() => undefined);
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  // Inflated under the limits first (a refusal is 413/422); mammoth reads the entries that were counted.
  const safe = repackZip(bytes, ZIP_LIMITS.docx);
  const mammoth = await import("mammoth");
  try {
    return (await mammoth.extractRawText({ buffer: safe })).value;
  } catch {
    throw refuse("The Word document could not be read");
  }
}

/** UTF-8 text (a BOM is dropped); bytes that are not text are refused. */
function plainText(bytes: Buffer): string {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/^\uFEFF/, "");
  if (text.includes("\u0000") || (text.match(/\uFFFD/g)?.length ?? 0) > text.length / 100) throw refuse("Upload a PDF, DOCX, TXT or CSV file");
  return text;
}

const QUESTION = /^(q|question|questions|faq|query)$/i;
const ANSWER = /^(a|answer|answers|reply|response)$/i;

/** A CSV: FAQ pairs when it has question and answer columns, otherwise each row as "column: value" lines. */
function csvContent(text: string): Extracted {
  let rows: string[][];
  try {
    rows = parseCsv(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
  } catch {
    throw refuse("The CSV could not be read");
  }
  const [header = [], ...body] = rows;
  const q = header.findIndex((h) => QUESTION.test(h));
  const a = header.findIndex((h) => ANSWER.test(h));
  if (q >= 0 && a >= 0) {
    const faqs = body.map((r) => ({ question: r[q] ?? "", answer: r[a] ?? "" })).filter((f) => f.question && f.answer);
    return { mimeType: "text/csv", text: "", faqs };
  }
  const lines = body.map((r) => r.map((v, i) => (v ? `${header[i] || `Column ${i + 1}`}: ${v}` : "")).filter(Boolean).join("; "));
  return { mimeType: "text/csv", text: lines.join("\n\n"), faqs: [] };
}

export async function extractText(bytes: Buffer, fileName: string): Promise<Extracted> {
  if (bytes.length === 0) throw refuse("The file is empty");
  if (bytes.length > AI_LIMITS.knowledgeFileMaxBytes) throw refuse(`The file is larger than ${AI_LIMITS.knowledgeFileMaxBytes / 1024 / 1024} MB`);
  const sniffed = await sniffMimeType(bytes);
  let extracted: Extracted;
  if (sniffed === PDF) extracted = { mimeType: PDF, text: await pdfText(bytes) };
  else if (sniffed === DOCX) extracted = { mimeType: DOCX, text: await docxText(bytes) };
  else if (sniffed) throw refuse(`Upload a PDF, DOCX, TXT or CSV file; this one is ${sniffed}`);
  else if (/\.csv$/i.test(fileName)) extracted = csvContent(plainText(bytes));
  else extracted = { mimeType: "text/plain", text: plainText(bytes) };
  if (!extracted.text.trim() && !extracted.faqs?.length) throw refuse("The file has no text to learn from (a scanned PDF needs OCR first)");
  return extracted;
}
