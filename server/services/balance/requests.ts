import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  BALANCE_REQUEST_STATUSES,
  type BalanceRequestRecord,
  type BalanceRequestStatus,
} from "../../../contract/domain/balance-requests";
import { MSG } from "../../../contract/messages";
import type { Caller } from "../caller";
import { isUuid } from "../caller";
import type { Db } from "../../db/client";
import { balanceRequests, users } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { applyMovesIn, creditMoves, InsufficientBalance, toMoney, toPaise } from "./ledger";
import { totalPages, type pageWindow } from "../paging";

type Page = ReturnType<typeof pageWindow>;
import { canReach, findUser } from "../accounts/users";

const requester = alias(users, "requester");
const decider = alias(users, "decider");

type Row = typeof balanceRequests.$inferSelect;

function toRecord(r: Row, username: string, decidedBy: string | null): BalanceRequestRecord {
  return {
    _id: r.id,
    userId: r.userId,
    username,
    amount: Number(r.amount),
    status: r.status as BalanceRequestStatus,
    reason: r.reason,
    decidedBy,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function createRequest(db: Db, caller: Caller, amount: number): Promise<BalanceRequestRecord> {
  const paise = toPaise(amount, "requestedBalance");
  const [row] = await db
    .insert(balanceRequests)
    .values({ userId: caller.id, amount: toMoney(paise), impersonatedBy: caller.impersonatedBy })
    .returning();
  return toRecord(row, caller.username, null);
}

/** `status` from a query string: absent, or one of the known states (anything else is a clear 400). */
export function statusFilter(raw: string | undefined): BalanceRequestStatus | undefined {
  if (raw === undefined) return undefined;
  if ((BALANCE_REQUEST_STATUSES as readonly string[]).includes(raw)) return raw as BalanceRequestStatus;
  const message = `must be one of ${BALANCE_REQUEST_STATUSES.join(", ")}`;
  throw badRequest(`status: ${message}`, [{ field: "status", message }]);
}

async function listWhere(db: Db, where: SQL | undefined, { page, limit, offset }: Page) {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(balanceRequests)
    .where(where);
  const rows = await db
    .select({ r: balanceRequests, username: requester.username, decidedBy: decider.username })
    .from(balanceRequests)
    .innerJoin(requester, eq(requester.id, balanceRequests.userId))
    .leftJoin(decider, eq(decider.id, balanceRequests.decidedBy))
    .where(where)
    .orderBy(desc(balanceRequests.createdAt), desc(balanceRequests.id))
    .limit(limit)
    .offset(offset);
  return {
    success: true as const,
    count,
    page,
    limit,
    totalPages: totalPages(count, limit),
    data: rows.map(({ r, username, decidedBy }) => toRecord(r, username, decidedBy)),
  };
}

/** Requests the caller may decide: its direct sub-accounts' (an admin: everyone's but its own). */
export function listForParent(db: Db, caller: Caller, page: Page, status?: BalanceRequestStatus) {
  const scope =
    caller.role === "admin"
      ? sql`${balanceRequests.userId} <> ${caller.id}`
      : inArray(balanceRequests.userId, db.select({ id: users.id }).from(users).where(eq(users.parentId, caller.id)));
  return listWhere(db, and(scope, status ? eq(balanceRequests.status, status) : undefined), page);
}

export function listOwn(db: Db, caller: Caller, page: Page) {
  return listWhere(db, eq(balanceRequests.userId, caller.id), page);
}

export type Decision = { kind: "approve" } | { kind: "reject"; reason: string };

/**
 * Approve or reject, once. The status flips with a conditional UPDATE (`status = 'pending'`) in the same
 * transaction as the ledger transfer: of two simultaneous decisions one finds the row no longer pending, and an
 * approval the approver cannot pay for rolls back, leaving the request pending.
 * Tenancy: a request outside the caller's reach answers 404 exactly like a missing one.
 */
export async function decide(db: Db, caller: Caller, id: string, decision: Decision): Promise<BalanceRequestRecord> {
  const found = await findRequest(db, id);
  const owner = found ? await findUser(db, found.userId) : undefined;
  if (!found || !owner || !canReach(caller, owner)) throw notFound(MSG.balanceRequestNotFound);
  const status: BalanceRequestStatus = decision.kind === "approve" ? "approved" : "rejected";
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(balanceRequests)
        .set({
          status,
          decidedBy: caller.id,
          decidedAt: new Date(),
          reason: decision.kind === "reject" ? decision.reason : "",
        })
        .where(and(eq(balanceRequests.id, found.id), eq(balanceRequests.status, "pending")))
        .returning();
      if (!updated) throw conflict(MSG.balanceRequestDecided);
      if (decision.kind === "approve") {
        const paise = Math.round(Number(updated.amount) * 100);
        await applyMovesIn(
          tx,
          creditMoves(caller, owner.id, paise, "Balance request approved"),
          caller.id,
          caller.impersonatedBy,
        );
      }
      return updated;
    });
    return toRecord(row, owner.username, caller.username);
  } catch (error) {
    if (error instanceof InsufficientBalance) throw badRequest(error.message);
    throw error;
  }
}

async function findRequest(db: Db, id: string): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(balanceRequests).where(eq(balanceRequests.id, id));
  return row;
}
