// The audience as the browser sees it before sending: the pasted numbers' count, and a CSV file's header row and
// first row (for column choices and the preview). The server reads the whole file; this only peeks at its start.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { AUDIENCE_MAX_BYTES } from "../../../../../contract/domain/campaigns";

export interface PasteCount {
  entries: number;
  valid: number;
  invalid: number;
  duplicates: number;
}

/** Numbers separated by new lines, commas or semicolons, as the server splits them. */
export function splitNumbers(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * How the server will count pasted numbers: valid E.164 numbers (in the default country when no code), invalid ones,
 * repeats.
 */
export function countPasted(text: string, region: string): PasteCount {
  const seen = new Set<string>();
  const out: PasteCount = { entries: 0, valid: 0, invalid: 0, duplicates: 0 };
  for (const raw of splitNumbers(text)) {
    out.entries += 1;
    const parsed = parsePhoneNumberFromString(raw, region as CountryCode);
    if (!parsed?.isValid()) out.invalid += 1;
    else if (seen.has(parsed.number)) out.duplicates += 1;
    else {
      seen.add(parsed.number);
      out.valid += 1;
    }
  }
  return out;
}

/** One CSV line's fields (RFC 4180 quoting; a quoted field may hold commas and doubled quotes). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      out.push(field.trim());
      field = "";
    } else field += c;
  }
  out.push(field.trim());
  return out;
}

export interface CsvPeek {
  columns: string[];
  /** The first data row by column name, for the preview. */
  sample: Record<string, string>;
}

/** The header and the first data row of a CSV text's start (a BOM and blank lines are skipped). */
export function peekCsv(text: string): CsvPeek | null {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim());
  if (!lines.length) return null;
  const columns = csvFields(lines[0]).filter(Boolean);
  if (!columns.length) return null;
  const values = lines[1] ? csvFields(lines[1]) : [];
  return { columns, sample: Object.fromEntries(columns.map((c, i) => [c, values[i] ?? ""])) };
}

/** A phone column the server recognises by its header name. */
export const PHONE_HEADERS = [
  "phone",
  "number",
  "mobile",
  "msisdn",
  "phone_number",
  "phonenumber",
  "mobile_number",
  "whatsapp",
];
export const hasPhoneColumn = (columns: readonly string[]) =>
  columns.some((c) => PHONE_HEADERS.includes(c.trim().toLowerCase().replace(/\s+/g, "_")));

export type AudienceKind = "csv" | "xlsx";

export const megabytes = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Why a chosen audience file cannot go (its kind by name, its size), or null: what the server would refuse first. */
export function audienceFileProblem(file: { name: string; size: number }): string | null {
  if (!audienceKind(file.name)) return "Only CSV (.csv) or Excel (.xlsx) files";
  if (file.size > AUDIENCE_MAX_BYTES) return `The file is larger than ${megabytes(AUDIENCE_MAX_BYTES)}`;
  if (file.size === 0) return "The file is empty";
  return null;
}
/** The file's kind by its name, or null when it is neither CSV nor XLSX. */
export function audienceKind(name: string): AudienceKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".xlsx")) return "xlsx";
  return null;
}
