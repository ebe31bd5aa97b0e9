import type { FastifyRequest } from "fastify";
import { callerOf } from "../../auth/guard";
import type { Db } from "../../db/client";
import { rangeOf } from "../../services/dashboard/range";
import { filterValue, pageWindow, totalPages } from "../../services/paging";
import { quotaAccounts, quotaLedgerCsv, quotaLedgerPage, quotaSummary } from "../../services/balance/quota";
import { selfOrReachable } from "../../services/accounts/users";
import { sendDownload } from "../campaigns";
import type { Handlers } from "../context";

/** The accounts of a quota call: the one named (the caller or an account in reach, else 404) or all in reach. */
async function accountsOf(db: Db, request: FastifyRequest, userId: string | undefined) {
  const caller = callerOf(request);
  const id = filterValue(userId);
  const account = id ? await selfOrReachable(db, caller, id) : undefined;
  return quotaAccounts(caller, account?.id);
}

export const quotaHandlers: Handlers = {
  "quota.ledger": async (request, _reply, { db }) => {
    const { query } = request;
    const window = pageWindow(query);
    const filter = { accounts: await accountsOf(db, request, query.userId), range: rangeOf(query), kind: query.kind };
    const { count, rows } = await quotaLedgerPage(db, filter, window.limit, window.offset);
    return {
      success: true,
      count,
      page: window.page,
      limit: window.limit,
      totalPages: totalPages(count, window.limit),
      data: rows,
    };
  },

  "quota.summary": async (request, _reply, { db }) => {
    const { query } = request;
    return { success: true, data: await quotaSummary(db, await accountsOf(db, request, query.userId), rangeOf(query)) };
  },

  "quota.export": async (request, reply, { db }) => {
    const { query } = request;
    const range = rangeOf(query);
    const body = quotaLedgerCsv(db, { accounts: await accountsOf(db, request, query.userId), range, kind: query.kind });
    return sendDownload(reply, body, "text/csv; charset=utf-8", `ledger-${range.from}-to-${range.to}.csv`);
  },
};
