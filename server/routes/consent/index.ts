import { callerOf } from "../../auth/guard";
import {
  consentHistory,
  consentNumber,
  consentState,
  recordConsent,
  requireWhatsappOptIn,
  setRequireWhatsappOptIn,
} from "../../services/consent/records";
import { pageWindow, totalPages } from "../../services/paging";
import type { Handlers } from "../context";
import { CONSENT_STATUS_LABELS, CONSENT_CHANNEL_LABELS } from "../../../contract/domain/consent";

// The consent ledger (issue 39, item 3). The owner is the caller (user or manager), as for the suppression list,
// which is the ledger's view of all-channel opt-outs; another account's numbers are simply not in the caller's ledger.

export const consentHandlers: Handlers = {
  "consent.get": async (request, _reply, { db }) => ({
    success: true,
    data: await consentState(db, callerOf(request).id, consentNumber(request.params.number)),
  }),

  "consent.history": async (request, _reply, { db }) => {
    const window = pageWindow(request.query);
    const number = consentNumber(request.params.number);
    const { records, total } = await consentHistory(db, callerOf(request).id, number, window);
    return { success: true, data: records, total, totalPages: totalPages(total, window.limit) };
  },

  "consent.record": async (request, reply, { db }) => {
    const caller = callerOf(request);
    const number = consentNumber(request.params.number);
    const event = await recordConsent(db, caller.id, caller.id, number, request.body);
    reply.status(201);
    return {
      success: true,
      message: `${CONSENT_STATUS_LABELS[event.status]} recorded for ${number} (${CONSENT_CHANNEL_LABELS[event.channel]})`,
      data: event,
    };
  },

  "consent.settings.get": async (request, _reply, { db }) => ({
    success: true,
    data: { requireWhatsappOptIn: await requireWhatsappOptIn(db, callerOf(request).id) },
  }),

  "consent.settings.update": async (request, _reply, { db }) => ({
    success: true,
    data: {
      requireWhatsappOptIn: await setRequireWhatsappOptIn(db, callerOf(request).id, request.body.requireWhatsappOptIn),
    },
  }),
};
