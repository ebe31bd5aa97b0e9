import type { Role } from "../../../../contract";
import { SCHEMAS } from "../../../../schemas";
import { formatINR } from "../../../shell/format";

const AMOUNT = SCHEMAS["balance-change"].properties.amount;

export interface AmountCheck {
  kind: "add" | "deduct";
  amount: number;
  /** The account being changed. */
  targetBalance: number;
  callerRole: Role;
  /** The caller's own balance; null while it loads (the server still refuses an overdraft). */
  callerBalance: number | null;
}

/** Admins issue new credit; a reseller's or manager's top-up is a transfer out of its own balance. */
export const paysFromOwnBalance = (role: Role) => role !== "admin";

/** Why the amount cannot go through, said in the dialog before the confirmation; null when it can. */
export function amountProblem({ kind, amount, targetBalance, callerRole, callerBalance }: AmountCheck): string | null {
  if (!(amount >= AMOUNT.minimum)) return `The amount must be at least ${formatINR(AMOUNT.minimum)}`;
  if (amount > AMOUNT.maximum) return `The amount can be at most ${formatINR(AMOUNT.maximum)}`;
  if (kind === "deduct" && amount > targetBalance) return `The account only has ${formatINR(targetBalance)}`;
  if (kind === "add" && paysFromOwnBalance(callerRole) && callerBalance !== null && amount > callerBalance) {
    return `More than your own balance of ${formatINR(callerBalance)}, which pays for a top-up`;
  }
  return null;
}
