import type { FastifyInstance } from "fastify";
import { CALL_IDS, CALLS, type CallDef } from "../../contract/calls";
import { MSG } from "../../contract/messages";
import { SCHEMAS, type SchemaName } from "../../schemas";
import { guardFor } from "../auth/guard";
import { authHandlers } from "./auth";
import { balanceHandlers } from "./balance";
import { balanceRequestHandlers } from "./balance-requests";
import type { Handlers, RouteContext } from "./context";
import { dashboardHandlers } from "./dashboard";
import { profileHandlers } from "./profile";
import { userHandlers } from "./users";

export const HANDLERS: Handlers = {
  ...authHandlers,
  ...userHandlers,
  ...balanceHandlers,
  ...balanceRequestHandlers,
  ...profileHandlers,
  ...dashboardHandlers,
};

/**
 * Registers every row of the contract's call table. The guard (token, role, module) comes from the row, so no
 * route can forget it; a row without a handler is a clear 501, never a pretend success.
 */
export function registerCalls(app: FastifyInstance, ctx: RouteContext): void {
  for (const id of CALL_IDS) {
    const def: CallDef = CALLS[id];
    const handler = HANDLERS[id];
    const bodySchema = def.bodySchema ? SCHEMAS[def.bodySchema as SchemaName] : undefined;
    app.route({
      method: def.method,
      url: def.path,
      schema: bodySchema ? { body: bodySchema } : undefined,
      onRequest: guardFor(id, ctx.db, ctx.secret),
      handler: handler
        ? (request, reply) => handler(request, reply, ctx)
        : async (_request, reply) => reply.status(501).send({ success: false, message: MSG.notImplemented }),
    });
  }
}
