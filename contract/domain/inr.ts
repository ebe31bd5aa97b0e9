import { CURRENCY_SYMBOL } from "../constants";

const money = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹ with Indian digit grouping (1,00,000.00); the sign goes before the symbol. Both ends write amounts with it. */
export function formatINR(value: number | null | undefined): string {
  const n = typeof value === "number" && Number.isFinite(value) ? value : 0;
  return `${n < 0 ? "-" : ""}${CURRENCY_SYMBOL}${money.format(Math.abs(n))}`;
}
