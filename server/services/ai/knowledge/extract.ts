// The text of an uploaded knowledge file: PDF (pdf-parse 2, which runs on Node 20; pdfjs-dist 6 would need Node 22),
// DOCX (mammoth), CSV (csv-parse: a question and an answer column become FAQ pairs, other tables a passage per row) and
// plain text. The type is read from the bytes; the name only tells CSV from other text.
import { parse as parseCsv } from "csv-parse/sync";
import { AI_LIMITS } from "../../../../contract/domain/ai";
import type { FaqPair } from "../../../db/schema";
import { badRequest, HttpError } from "../../../http/errors";
import { PARSE_LIMITS, parseInWorker, type ParseLimits } from "../../files/parse-in-worker";
import { repackZip, ZIP_LIMITS } from "../../files/zip-guard";
import { sniffMimeType } from "../../../storage";

export const PDF = "application/pdf";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export type Extracted =
  { mimeType: string; text: string; faqs?: undefined } | { mimeType: "text/csv"; text: string; faqs: FaqPair[] };

const refuse = (message: string) => badRequest(`file: ${message}`, [{ field: "file", message }]);

/** A PDF is read only up to this many pages and this long: a small file can describe a huge amount of work. */
export const PDF_LIMITS = { maxPages: 2000, timeoutMs: PARSE_LIMITS.timeoutMs };

async function pdfText(bytes: Buffer, limits: ParseLimits): Promise<string> {
  const answer = await parseInWorker(
    { kind: "pdf", bytes: new Uint8Array(bytes), maxPages: PDF_LIMITS.maxPages },
    "PDF",
    limits,
  );
  if (answer.ok) return answer.text;
  if (answer.reason === "pages") {
    throw new HttpError(413, `file: The PDF has ${answer.pages} pages; at most ${PDF_LIMITS.maxPages} are read`, [
      { field: "file", message: `has more than ${PDF_LIMITS.maxPages} pages` },
    ]);
  }
  throw refuse("The PDF could not be read (damaged or password-protected)");
}

async function docxText(bytes: Buffer, limits: ParseLimits): Promise<string> {
  // Inflated under the limits first (a refusal is 413/422); mammoth reads the entries that were counted.
  const safe = repackZip(bytes, ZIP_LIMITS.docx);
  const answer = await parseInWorker(
    { kind: "docx", bytes: new Uint8Array(safe), maxPages: 0 },
    "Word document",
    limits,
  );
  if (answer.ok) return answer.text;
  throw refuse("The Word document could not be read");
}

/** UTF-8 text (a BOM is dropped); bytes that are not text are refused. */
function plainText(bytes: Buffer): string {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes).replace(/^\uFEFF/, "");
  if (text.includes("\u0000") || (text.match(/\uFFFD/g)?.length ?? 0) > text.length / 100)
    throw refuse("Upload a PDF, DOCX, TXT or CSV file");
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
  const lines = body.map((r) =>
    r
      .map((v, i) => (v ? `${header[i] || `Column ${i + 1}`}: ${v}` : ""))
      .filter(Boolean)
      .join("; "),
  );
  return { mimeType: "text/csv", text: lines.join("\n\n"), faqs: [] };
}

/** `limits` are the parse worker's (PARSE_LIMITS unless a test sets its own). */
export async function extractText(
  bytes: Buffer,
  fileName: string,
  limits: ParseLimits = PARSE_LIMITS,
): Promise<Extracted> {
  if (bytes.length === 0) throw refuse("The file is empty");
  if (bytes.length > AI_LIMITS.knowledgeFileMaxBytes)
    throw refuse(`The file is larger than ${AI_LIMITS.knowledgeFileMaxBytes / 1024 / 1024} MB`);
  const sniffed = await sniffMimeType(bytes);
  let extracted: Extracted;
  if (sniffed === PDF) extracted = { mimeType: PDF, text: await pdfText(bytes, limits) };
  else if (sniffed === DOCX) extracted = { mimeType: DOCX, text: await docxText(bytes, limits) };
  else if (sniffed) throw refuse(`Upload a PDF, DOCX, TXT or CSV file; this one is ${sniffed}`);
  else if (/\.csv$/i.test(fileName)) extracted = csvContent(plainText(bytes));
  else extracted = { mimeType: "text/plain", text: plainText(bytes) };
  if (!extracted.text.trim() && !extracted.faqs?.length)
    throw refuse("The file has no text to learn from (a scanned PDF needs OCR first)");
  return extracted;
}
