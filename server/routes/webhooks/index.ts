import { callerOf } from "../../auth/guard";
import { getDelivery, listDeliveries } from "../../services/webhooks/deliveries";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from "../../services/webhooks/endpoints";
import { pageWindow, totalPages } from "../../services/paging";
import type { Handlers } from "../context";

const SECRET_NOTE = "Copy the signing secret now: it is not shown again";

/** Webhooks of the caller's own account (every role): endpoints, the test button, the delivery log and resend. */
export const webhookHandlers: Handlers = {
  "webhooks.list": async (request, _reply, { db }) => {
    const window = pageWindow(request.query);
    const { records, total } = await listEndpoints(db, callerOf(request).id, window);
    return { success: true, data: records, total, totalPages: totalPages(total, window.limit) };
  },

  "webhooks.create": async (request, reply, { db, config }) => {
    const { record, secret } = await createEndpoint(db, callerOf(request).id, request.body, config.webhooks);
    reply.status(201);
    return { success: true, message: `Webhook endpoint added. ${SECRET_NOTE}`, data: record, secret };
  },

  "webhooks.get": async (request, _reply, { db }) => ({
    success: true,
    data: await getEndpoint(db, callerOf(request).id, request.params.id),
  }),

  "webhooks.update": async (request, _reply, { db, config }) => {
    const data = await updateEndpoint(db, callerOf(request).id, request.params.id, request.body, config.webhooks);
    return { success: true, message: "Webhook endpoint saved", data };
  },

  "webhooks.delete": async (request, _reply, { db }) => {
    const url = await deleteEndpoint(db, callerOf(request).id, request.params.id);
    return { success: true, message: `Webhook endpoint ${url} deleted` };
  },

  "webhooks.rotateSecret": async (request, _reply, { db, config }) => {
    const { record, secret } = await rotateSecret(
      db,
      callerOf(request).id,
      request.params.id,
      config.now?.() ?? new Date(),
    );
    return {
      success: true,
      message: `New signing secret created; the old one also signs for 24 hours. ${SECRET_NOTE}`,
      data: record,
      secret,
    };
  },

  "webhooks.test": async (request, _reply, { db }) => {
    const ownerId = callerOf(request).id;
    const id = await request.server.webhooks.test(ownerId, request.params.id);
    const data = await getDelivery(db, ownerId, id);
    return { success: true, message: outcomeMessage("Test delivery", data), data };
  },

  "webhooks.deliveries": async (request, _reply, { db }) => {
    const { status, event, ...page } = request.query;
    const window = pageWindow(page);
    const { records, total } = await listDeliveries(db, callerOf(request).id, request.params.id, {
      status,
      event,
      limit: window.limit,
      offset: window.offset,
    });
    return { success: true, data: records, total, totalPages: totalPages(total, window.limit) };
  },

  "webhooks.delivery": async (request, _reply, { db }) => ({
    success: true,
    data: await getDelivery(db, callerOf(request).id, request.params.id),
  }),

  "webhooks.resend": async (request, _reply, { db }) => {
    const ownerId = callerOf(request).id;
    await request.server.webhooks.sendNow(ownerId, request.params.id, true);
    const data = await getDelivery(db, ownerId, request.params.id);
    return { success: true, message: outcomeMessage("Delivery", data), data };
  },
};

function outcomeMessage(
  what: string,
  d: { status: string; responseStatus: number | null; error: string | null },
): string {
  if (d.status === "succeeded") return `${what} succeeded (HTTP ${d.responseStatus ?? "?"})`;
  return `${what} failed: ${d.error ?? "no answer"}. It will be retried.`;
}
