import { callerOf } from "../../auth/guard";
import { cardTarget, checkWrite } from "../../services/rates/access";
import { marginReport } from "../../services/rates/margins";
import { auditPage, cardRecord } from "../../services/rates/record";
import { effectiveFromOf, paiseOf, setCard } from "../../services/rates/set-card";
import type { Handlers } from "../context";

// Rate cards per account and per reseller, their audit and a reseller's margin (issue 37). Reach and the write rules
// are services/rates/access.ts; every write is audited in its own transaction (services/rates/set-card.ts).

export const rateCardHandlers: Handlers = {
  "rateCards.get": async (request, _reply, { db, config }) => {
    const target = await cardTarget(db, callerOf(request), request.params.accountId);
    return { success: true, data: await cardRecord(db, target, config.now?.() ?? new Date()) };
  },

  "rateCards.set": async (request, _reply, { db, config }) => {
    const caller = callerOf(request);
    const target = await cardTarget(db, caller, request.params.accountId);
    const body = request.body;
    const scope = body.scope ?? "account";
    checkWrite(caller, target, scope);
    const now = config.now?.() ?? new Date();
    const paise = paiseOf(body.rates);
    const effectiveFrom = effectiveFromOf(body.effectiveFrom, now);
    const changed = await setCard(db, caller, target, { scope, paise, effectiveFrom });
    const message =
      changed.length === 0 ? "No rate changed" : `${changed.length} ${changed.length === 1 ? "rate" : "rates"} saved`;
    return { success: true, message, data: await cardRecord(db, target, now) };
  },

  "rateCards.audit": async (request, _reply, { db }) => {
    const target = await cardTarget(db, callerOf(request), request.params.accountId);
    return auditPage(db, target.id, request.query);
  },

  "rateCards.globalAudit": async (request, _reply, { db }) => auditPage(db, null, request.query),

  "rateCards.margins": async (request, _reply, { db, config }) =>
    marginReport(db, callerOf(request).id, request.query, config.now?.() ?? new Date()),
};
