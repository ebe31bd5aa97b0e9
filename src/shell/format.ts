import { CURRENCY_SYMBOL } from "../../contract";

const money = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat("en-IN");
const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium" });

/** ₹ with Indian digit grouping (1,00,000.00); the sign goes before the symbol. */
export function formatINR(value: number | null | undefined): string {
  const n = typeof value === "number" && Number.isFinite(value) ? value : 0;
  return `${n < 0 ? "-" : ""}${CURRENCY_SYMBOL}${money.format(Math.abs(n))}`;
}

/** Signed money for ledger rows: "+₹500.00" / "-₹200.00". */
export function formatSignedINR(value: number): string {
  return value > 0 ? `+${formatINR(value)}` : formatINR(value);
}

export function formatCount(value: number | null | undefined): string {
  return count.format(typeof value === "number" && Number.isFinite(value) ? value : 0);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateTime.format(d) : "—";
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dateOnly.format(d) : "—";
}
