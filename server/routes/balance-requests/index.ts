import type { FastifyRequest } from "fastify";
import {
  BALANCE_REQUEST_DECIDED_EVENT,
  balanceDecisionText,
  type BalanceRequestRecord,
} from "../../../contract/domain/balance-requests";
import { callerOf } from "../../auth/guard";
import { badRequest } from "../../http/errors";
import { userRoom } from "../../realtime";
import { notify } from "../../services/notifications/notify";
import {
  createRequest,
  decide,
  listForParent,
  listOwn,
  statusFilter,
  type Decision,
} from "../../services/balance/requests";
import { toMoney } from "../../services/balance/ledger";
import { pageWindow } from "../../services/paging";
import type { Db } from "../../db/client";
import type { CallBody } from "../../../contract/calls";
import type { Handlers } from "../context";

/**
 * The requester hears the outcome at once on its open sockets (the billing page refreshes, a toast says it) and on
 * its bell, which keeps it. The decision stands even if the notification could not be written.
 */
async function announce(request: FastifyRequest, db: Db, record: BalanceRequestRecord): Promise<void> {
  request.server.io.to(userRoom(record.userId)).emit(BALANCE_REQUEST_DECIDED_EVENT, record);
  const { title, description } = balanceDecisionText(record);
  await notify({ db, io: request.server.io }, record.userId, {
    kind: "balance_request",
    key: `balance-request:${record._id}`,
    title,
    body: description,
  }).catch((err: unknown) => request.log.error({ err }, "balance decision notification not written"));
}

/** Decides, tells the requester, and answers with the decided record. */
async function decideAndAnnounce(request: FastifyRequest, db: Db, id: string, decision: Decision) {
  const record = await decide(db, callerOf(request), id, decision);
  await announce(request, db, record);
  const amount = `₹${toMoney(Math.round(record.amount * 100))}`;
  return {
    success: true as const,
    message:
      record.status === "approved"
        ? `Approved ${amount} for ${record.username}`
        : `Rejected ${record.username}'s request for ${amount}`,
    data: record,
  };
}

function rejection(body: CallBody<"balance.rejectRequest">): Decision {
  // The schema bounds the length; a reason of spaces alone tells the requester nothing.
  const reason = body.reason.trim();
  if (!reason) throw badRequest("reason: is required", [{ field: "reason", message: "is required" }]);
  return { kind: "reject", reason };
}

export const balanceRequestHandlers: Handlers = {
  "balance.request": async (request, reply, { db }) => {
    const data = await createRequest(db, callerOf(request), request.body.requestedBalance);
    reply.status(201);
    return { success: true, message: "Balance request sent", data };
  },

  "balance.requests": async (request, _reply, { db }) =>
    listForParent(db, callerOf(request), pageWindow(request.query), statusFilter(request.query.status)),

  "balance.myRequests": async (request, _reply, { db }) => listOwn(db, callerOf(request), pageWindow(request.query)),

  "balance.approveRequest": async (request, _reply, { db }) =>
    decideAndAnnounce(request, db, request.params.id, { kind: "approve" }),
  "balance.rejectRequest": async (request, _reply, { db }) =>
    decideAndAnnounce(request, db, request.params.id, rejection(request.body)),
};
