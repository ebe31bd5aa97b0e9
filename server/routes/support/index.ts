import type { FastifyRequest } from "fastify";
import { SUPPORT_DELIVERY_TEXT, ticketLabel } from "../../../contract/domain/support";
import { callerOf } from "../../auth/guard";
import { linkOrigin } from "../../config";
import { pageWindow, totalPages } from "../../services/paging";
import { announce, deliveryOf, type AnnounceContext, type SupportEvent } from "../../services/support/announce";
import { ticketDetail, type TicketRow } from "../../services/support/records";
import { fileTicket, listTickets, replyToTicket, setTicketClosed } from "../../services/support/tickets";
import type { Handlers, RouteContext } from "../context";

/** Mail goes out after the answer (ctx.background): the person filing does not wait for the mail server. */
const announceContext = (request: FastifyRequest, ctx: RouteContext): AnnounceContext => ({
  db: ctx.db,
  io: request.server.io,
  sendMail: async (mail) => ctx.background(() => ctx.sendMail(mail)),
  operatorEmail: ctx.config.supportOperatorEmail,
  origin: linkOrigin(ctx.config),
});

/** The change stands whatever happens to its notification; a failure is logged, the answer is the change's. */
async function tell(
  request: FastifyRequest,
  ctx: RouteContext,
  row: TicketRow,
  event: SupportEvent,
  text?: string,
): Promise<void> {
  await announce(announceContext(request, ctx), callerOf(request), row, event, text).catch((err: unknown) =>
    request.log.error({ err, ticket: row.id }, "support ticket notification not sent"),
  );
}

export const supportHandlers: Handlers = {
  "support.file": async (request, reply, ctx) => {
    const { record, row } = await fileTicket(ctx.db, callerOf(request), request.body);
    await tell(request, ctx, row, "filed", request.body.body.trim());
    const delivery = deliveryOf(row, ctx.config.supportOperatorEmail);
    reply.status(201);
    return {
      success: true,
      message: `Ticket ${ticketLabel(record.number)} filed. ${SUPPORT_DELIVERY_TEXT[delivery]}`,
      data: record,
      delivery,
    };
  },

  "support.list": async (request, _reply, { db }) => {
    const window = pageWindow(request.query);
    const { records, total } = await listTickets(db, callerOf(request), request.query.status, window);
    return { success: true, data: records, total, totalPages: totalPages(total, window.limit) };
  },

  "support.get": async (request, _reply, { db }) => ({
    success: true,
    data: await ticketDetail(db, callerOf(request), request.params.id),
  }),

  "support.reply": async (request, reply, ctx) => {
    const { detail, row } = await replyToTicket(ctx.db, callerOf(request), request.params.id, request.body.body);
    await tell(request, ctx, row, "replied", request.body.body.trim());
    reply.status(201);
    return { success: true, message: "Reply sent", data: detail };
  },

  "support.close": async (request, _reply, ctx) => {
    const { detail, row } = await setTicketClosed(ctx.db, callerOf(request), request.params.id, true);
    await tell(request, ctx, row, "closed");
    return { success: true, message: `Ticket ${ticketLabel(detail.number)} closed`, data: detail };
  },

  "support.reopen": async (request, _reply, ctx) => {
    const { detail, row } = await setTicketClosed(ctx.db, callerOf(request), request.params.id, false);
    await tell(request, ctx, row, "reopened");
    return { success: true, message: `Ticket ${ticketLabel(detail.number)} reopened`, data: detail };
  },
};
