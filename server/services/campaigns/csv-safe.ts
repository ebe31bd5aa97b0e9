// CSV cells written for people who open them in a spreadsheet: a cell starting with = + - @ (or tab / carriage
// return) would run as a formula there (CSV injection), so it is prefixed with a quote; then quoted per RFC 4180.

const FORMULA = /^[=+\-@\t\r]/;

/** A cell's text, safe to open in Excel or Sheets. */
export function formulaSafe(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** One CSV cell: formula-safe, and quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const safe = formulaSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line (CRLF-terminated, as RFC 4180 writes it). */
export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(",")}\r\n`;
