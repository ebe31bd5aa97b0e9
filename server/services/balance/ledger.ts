import { and, eq, gte, lte, sql } from "drizzle-orm";
import { MAX_AMOUNT, MAX_BALANCE } from "../../../contract/constants";
import { MSG } from "../../../contract/messages";
import type { Db } from "../../db/client";
import { balanceLedger, users } from "../../db/schema";
import type { Tx } from "../../db/sql";
import { badRequest } from "../../http/errors";
import type { LedgerKind } from "../../../contract/calls";

export type { LedgerKind };

export interface BalanceMove {
  userId: string;
  /** Signed amount in paise (integer): money never goes through floating point here. */
  paise: number;
  kind: LedgerKind;
  note: string;
  counterpartyId?: string;
  /** Message when this move would take the balance below zero. */
  insufficient: string;
  /** When it happened, for history written after the fact (the demo seed); default now. */
  at?: Date;
}

export class InsufficientBalance extends Error {}

export const toMoney = (paise: number) => (paise / 100).toFixed(2);

/**
 * Rupees from a request to integer paise. Amounts with more than two decimals are refused rather than rounded,
 * so nobody is charged something they did not type.
 */
export function toPaise(amount: number, field = "amount"): number {
  const refuse = (message: string) => badRequest(`${field}: ${message}`, [{ field, message }]);
  if (!Number.isFinite(amount) || amount > MAX_AMOUNT) throw refuse(`must be at most ₹${MAX_AMOUNT}`);
  const paise = Math.round(amount * 100);
  // Checked before the decimals so that 1e-9 reads as too small rather than as a rounding question.
  if (paise < 1) throw refuse("must be at least ₹0.01");
  if (Math.abs(paise - amount * 100) > 1e-6) throw refuse("must have at most two decimal places");
  return paise;
}

/**
 * Applies balance moves and their ledger rows in one transaction. Each debit is a conditional UPDATE
 * (`balance >= amount`), so the check and the change are one statement and concurrent requests cannot overdraw.
 * Rows are touched in id order so two transfers over the same pair cannot deadlock on PostgreSQL.
 */
export async function applyMoves(
  db: Db,
  moves: BalanceMove[],
  actorId: string,
  impersonatedBy?: string,
): Promise<Map<string, number>> {
  try {
    return await db.transaction((tx) => applyMovesIn(tx, moves, actorId, impersonatedBy));
  } catch (error) {
    if (error instanceof InsufficientBalance)
      throw badRequest(error.message, [{ field: "amount", message: error.message }]);
    throw error;
  }
}

/** The moves inside the caller's transaction; throws InsufficientBalance, which must roll that transaction back. */
export async function applyMovesIn(
  tx: Tx,
  moves: BalanceMove[],
  actorId: string,
  impersonatedBy?: string,
): Promise<Map<string, number>> {
  const ordered = [...moves].sort((a, b) => a.userId.localeCompare(b.userId));
  const after = new Map<string, number>();
  for (const move of ordered) {
    const amount = toMoney(move.paise);
    // Both bounds sit in the UPDATE's condition, so the check and the change are one statement.
    const condition =
      move.paise < 0
        ? and(eq(users.id, move.userId), gte(users.balance, toMoney(-move.paise)))
        : and(eq(users.id, move.userId), lte(users.balance, toMoney(MAX_BALANCE * 100 - move.paise)));
    const [row] = await tx
      .update(users)
      .set({ balance: sql`${users.balance} + ${amount}::numeric`, updatedAt: new Date() })
      .where(condition)
      .returning({ balance: users.balance });
    if (!row) throw new InsufficientBalance(move.paise < 0 ? move.insufficient : MSG.balanceCapExceeded);
    await tx.insert(balanceLedger).values({
      userId: move.userId,
      amount,
      balanceAfter: row.balance,
      kind: move.kind,
      note: move.note,
      actorId,
      impersonatedBy,
      counterpartyId: move.counterpartyId,
      createdAt: move.at,
    });
    after.set(move.userId, Number(row.balance));
  }
  return after;
}

/** Credit to `targetId`; a non-admin parent pays for it from its own balance (a reseller sells what it bought). */
export function creditMoves(
  actor: { id: string; role: string },
  targetId: string,
  paise: number,
  note: string,
): BalanceMove[] {
  const credit: BalanceMove = {
    userId: targetId,
    paise,
    kind: actor.role === "admin" ? "credit" : "transfer_in",
    note,
    counterpartyId: actor.id,
    insufficient: MSG.insufficientBalance,
  };
  if (actor.role === "admin") return [credit];
  return [
    credit,
    {
      userId: actor.id,
      paise: -paise,
      kind: "transfer_out",
      note,
      counterpartyId: targetId,
      insufficient: MSG.parentInsufficientBalance,
    },
  ];
}

/** Deduction from `targetId`; for a non-admin parent the amount returns to its own balance. */
export function debitMoves(
  actor: { id: string; role: string },
  targetId: string,
  paise: number,
  note: string,
): BalanceMove[] {
  const debit: BalanceMove = {
    userId: targetId,
    paise: -paise,
    kind: actor.role === "admin" ? "debit" : "transfer_out",
    note,
    counterpartyId: actor.id,
    insufficient: MSG.insufficientBalance,
  };
  if (actor.role === "admin") return [debit];
  return [
    debit,
    {
      userId: actor.id,
      paise,
      kind: "transfer_in",
      note,
      counterpartyId: targetId,
      insufficient: MSG.insufficientBalance,
    },
  ];
}
