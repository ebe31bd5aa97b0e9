import type { LedgerKind } from "../../../contract/calls";
import { callerOf } from "../../auth/guard";
import { balanceOf, ledgerPage } from "../../services/balance/queries";
import { applyMoves, creditMoves, debitMoves, toMoney, toPaise } from "../../services/balance/ledger";
import { filterValue, pageWindow, totalPages } from "../../services/paging";
import { reachableUser, selfOrReachable } from "../../services/accounts/users";
import type { Handler, Handlers } from "../context";

function change(direction: "add" | "deduct"): Handler<"balance.add" | "balance.deduct"> {
  return async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const { userId, amount, note = "" } = request.body;
    const paise = toPaise(amount);
    await reachableUser(db, caller, userId);
    const moves =
      direction === "add" ? creditMoves(caller, userId, paise, note) : debitMoves(caller, userId, paise, note);
    const after = await applyMoves(db, moves, caller.id, caller.impersonatedBy);
    return {
      success: true,
      message: direction === "add" ? `Added ₹${toMoney(paise)}` : `Deducted ₹${toMoney(paise)}`,
      balance: after.get(userId),
    };
  };
}

export const balanceHandlers: Handlers = {
  "balance.add": change("add"),
  "balance.deduct": change("deduct"),

  "balance.get": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const balance = await balanceOf(db, caller.id);
    return { success: true, balances: [{ balance: Number(balance ?? 0) }] };
  },

  "balance.ledger": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const { query } = request;
    const { page, limit, offset } = pageWindow(query);
    const owner = await selfOrReachable(db, caller, filterValue(query.userId));
    const { count, rows } = await ledgerPage(db, owner.id, limit, offset);
    return {
      success: true,
      count,
      page,
      limit,
      totalPages: totalPages(count, limit),
      data: rows.map(({ l, actor: actorName }) => ({
        _id: l.id,
        userId: l.userId,
        username: owner.username,
        amount: Number(l.amount),
        balanceAfter: Number(l.balanceAfter),
        // Only services/balance/ledger writes this column, always with one of the four kinds.
        kind: l.kind as LedgerKind,
        note: l.note,
        actor: actorName ?? "",
        createdAt: l.createdAt.toISOString(),
      })),
    };
  },
};
