// Spreadsheet formula injection (OWASP "CSV injection"): a cell that starts with = + - @ (or a tab or carriage
// return, which some programs skip before reading one of those) is run as a formula when the file is opened.
// Such a cell gets a leading apostrophe, which spreadsheets show as text. A plain number (an E.164 phone number,
// a negative amount) is left alone: it cannot be a formula, and escaping it would spoil every phone number.

const RISKY_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function formulaSafe(value: string): string {
  return RISKY_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180 quoting), formula-safe; null and undefined are empty. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? String(value) : formulaSafe(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** A download's Content-Disposition (RFC 6266): an ASCII fallback plus the UTF-8 name, so no name breaks the header. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\/;]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file name from a campaign name: letters, digits, dashes and underscores only. */
export function safeFileName(base: string, ext: string): string {
  const stem = base
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "")
    .slice(0, 80);
  return `${stem || "campaign"}.${ext}`;
}
