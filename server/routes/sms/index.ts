import { callerOf } from "../../auth/guard";
import {
  accountChoices,
  listOwnAccounts,
  setAccountActive,
  updateAccountRegistration,
} from "../../services/sms/accounts";
import { createTemplate, getTemplate, listTemplates, updateTemplate } from "../../services/sms/templates";
import type { Handlers } from "../context";

export const smsHandlers: Handlers = {
  "sms.accounts.list": async (request, _reply, { db }) => ({
    success: true,
    data: await listOwnAccounts(db, callerOf(request)),
  }),

  "sms.accounts.activate": async (request, _reply, { db }) => {
    const data = await setAccountActive(db, callerOf(request), request.body.id, request.body.isActive);
    return { success: true, message: `${data.name} ${data.isActive ? "activated" : "deactivated"}`, data };
  },

  "sms.accounts.update": async (request, _reply, { db }) => {
    const data = await updateAccountRegistration(db, callerOf(request), request.params.id, request.body);
    return { success: true, message: `DLT registration of ${data.name} saved`, data };
  },

  "sms.templates.list": async (request, _reply, { db }) => {
    const caller = callerOf(request);
    const [data, accounts] = await Promise.all([
      listTemplates(db, caller, request.query.smsAccountId || undefined),
      accountChoices(db, caller),
    ]);
    return { success: true, data, accounts };
  },

  "sms.templates.get": async (request, _reply, { db }) => ({
    success: true,
    data: await getTemplate(db, callerOf(request), request.params.id),
  }),

  "sms.templates.create": async (request, reply, { db }) => {
    const data = await createTemplate(db, callerOf(request), request.body);
    reply.status(201);
    return { success: true, message: `Template ${data.name} created`, data };
  },

  "sms.templates.update": async (request, _reply, { db }) => {
    const data = await updateTemplate(db, callerOf(request), request.body);
    return { success: true, message: `Template ${data.name} saved`, data };
  },
};
