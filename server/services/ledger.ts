import { and, eq, gte, sql } from "drizzle-orm";
import { MSG } from "../../contract/messages";
import type { Db } from "../db/client";
import { balanceLedger, users } from "../db/schema";
import { badRequest } from "../http/errors";

export type LedgerKind = "credit" | "debit" | "transfer_in" | "transfer_out";

export interface BalanceMove {
  userId: string;
  /** Signed amount in paise (integer): money never goes through floating point here. */
  paise: number;
  kind: LedgerKind;
  note: string;
  counterpartyId?: string;
  /** Message when this move would take the balance below zero. */
  insufficient: string;
}

export class InsufficientBalance extends Error {}

export const toMoney = (paise: number) => (paise / 100).toFixed(2);

/**
 * Rupees from a request to integer paise. Amounts with more than two decimals are refused rather than rounded,
 * so nobody is charged something they did not type.
 */
export function toPaise(amount: number, field = "amount"): number {
  const paise = Math.round(amount * 100);
  if (Math.abs(paise - amount * 100) > 1e-6) {
    throw badRequest(`${field}: must have at most two decimal places`, [{ field, message: "must have at most two decimal places" }]);
  }
  return paise;
}

/** A transaction of either driver: the moves of a bigger unit of work (e.g. deciding a balance request). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Applies balance moves and their ledger rows in one transaction. Each debit is a conditional UPDATE
 * (`balance >= amount`), so the check and the change are one statement and concurrent requests cannot overdraw.
 * Rows are touched in id order so two transfers over the same pair cannot deadlock on PostgreSQL.
 */
export async function applyMoves(db: Db, moves: BalanceMove[], actorId: string): Promise<Map<string, number>> {
  try {
    return await db.transaction((tx) => applyMovesIn(tx, moves, actorId));
  } catch (error) {
    if (error instanceof InsufficientBalance) throw badRequest(error.message);
    throw error;
  }
}

/** The moves inside the caller's transaction; throws InsufficientBalance, which must roll that transaction back. */
export async function applyMovesIn(tx: Tx, moves: BalanceMove[], actorId: string): Promise<Map<string, number>> {
  const ordered = [...moves].sort((a, b) => a.userId.localeCompare(b.userId));
  const after = new Map<string, number>();
  for (const move of ordered) {
    const amount = toMoney(move.paise);
    const condition =
      move.paise < 0 ? and(eq(users.id, move.userId), gte(users.balance, toMoney(-move.paise))) : eq(users.id, move.userId);
    const [row] = await tx
      .update(users)
      .set({ balance: sql`${users.balance} + ${amount}::numeric`, updatedAt: new Date() })
      .where(condition)
      .returning({ balance: users.balance });
    if (!row) throw new InsufficientBalance(move.insufficient);
    await tx.insert(balanceLedger).values({
      userId: move.userId,
      amount,
      balanceAfter: row.balance,
      kind: move.kind,
      note: move.note,
      actorId,
      counterpartyId: move.counterpartyId,
    });
    after.set(move.userId, Number(row.balance));
  }
  return after;
}

/** Credit to `targetId`; a non-admin parent pays for it from its own balance (a reseller sells what it bought). */
export function creditMoves(actor: { id: string; role: string }, targetId: string, paise: number, note: string): BalanceMove[] {
  const credit: BalanceMove = {
    userId: targetId, paise, kind: actor.role === "admin" ? "credit" : "transfer_in", note, counterpartyId: actor.id,
    insufficient: MSG.insufficientBalance,
  };
  if (actor.role === "admin") return [credit];
  return [credit, { userId: actor.id, paise: -paise, kind: "transfer_out", note, counterpartyId: targetId, insufficient: MSG.parentInsufficientBalance }];
}

/** Deduction from `targetId`; for a non-admin parent the amount returns to its own balance. */
export function debitMoves(actor: { id: string; role: string }, targetId: string, paise: number, note: string): BalanceMove[] {
  const debit: BalanceMove = {
    userId: targetId, paise: -paise, kind: actor.role === "admin" ? "debit" : "transfer_out", note, counterpartyId: actor.id,
    insufficient: MSG.insufficientBalance,
  };
  if (actor.role === "admin") return [debit];
  return [debit, { userId: actor.id, paise, kind: "transfer_in", note, counterpartyId: targetId, insufficient: MSG.insufficientBalance }];
}
