import { formatINR } from "../../contract/domain/inr";

export { formatINR };

const count = new Intl.NumberFormat("en-IN");
const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium" });

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
