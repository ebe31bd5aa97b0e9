// The text of an uploaded knowledge file: PDF (pdf-parse 2, which runs on Node 20; pdfjs-dist 6 would need Node 22),
// DOCX (mammoth), CSV (csv-parse: a question and an answer column become FAQ pairs, other tables a passage per row) and
// plain text. The type is read from the bytes; the name only tells CSV from other text.
import { parse as parseCsv } from "csv-parse/sync";
import { AI_LIMITS } from "../../../../contract/domain/ai";
import type { FaqPair } from "../../../db/schema";
import { badRequest } from "../../../http/errors";
import { sniffMimeType } from "../../../storage";

export const PDF = "application/pdf";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export type Extracted = { mimeType: string; text: string; faqs?: undefined } | { mimeType: "text/csv"; text: string; faqs: FaqPair[] };

const refuse = (message: string) => badRequest(`file: ${message}`, [{ field: "file", message }]);

async function pdfText(bytes: Buffer): Promise<string> {
  const { PDFParse } = await import("pdf-parse");
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    // pdf-parse marks page ends with "-- 1 of 3 --"; they are not knowledge.
    return (await parser.getText()).text.replace(/^-- \d+ of \d+ --$/gm, "");
  } catch {
    throw refuse("The PDF could not be read (damaged or password-protected)");
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const mammoth = await import("mammoth");
  try {
    return (await mammoth.extractRawText({ buffer: bytes })).value;
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
