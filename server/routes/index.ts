import type { FastifyInstance } from "fastify";
import { CALL_IDS, CALLS, type CallDef, type CallId } from "../../contract/calls";
import { MSG } from "../../contract/messages";
import { SCHEMAS, type SchemaName } from "../../schemas";
import { guardFor } from "../auth/guard";
import { authHandlers } from "./auth";
import { balanceHandlers } from "./balance";
import { balanceRequestHandlers } from "./balance-requests";
import type { Handlers, RouteContext } from "./context";
import { dashboardHandlers } from "./dashboard";
import { profileHandlers } from "./profile";
import { sessionHandlers } from "./session";
import { userHandlers } from "./users";

export const HANDLERS: Handlers = {
  ...authHandlers,
  ...sessionHandlers,
  ...userHandlers,
  ...balanceHandlers,
  ...balanceRequestHandlers,
  ...profileHandlers,
  ...dashboardHandlers,
};

/** Public calls worth abusing, and the per-IP rule (config.rateLimits) each is counted under. */
const PER_IP_LIMITS: Partial<Record<CallId, keyof RouteContext["config"]["rateLimits"]>> = {
  "auth.login": "loginPerIp",
  "auth.sendResetLink": "resetPerIp",
  "auth.resetPassword": "resetPerIp",
  "auth.confirmEmail": "resetPerIp",
  "auth.registerDefault": "signupPerIp",
};

function rateLimitOf(id: CallId, ctx: RouteContext) {
  const rule = PER_IP_LIMITS[id];
  if (!rule) return undefined;
  const { max, windowMs } = ctx.config.rateLimits[rule];
  return { rateLimit: { max, timeWindow: windowMs } };
}

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
      config: rateLimitOf(id, ctx),
      onRequest: guardFor(id, ctx),
      handler: handler
        ? (request, reply) => handler(request, reply, ctx)
        : async (_request, reply) => reply.status(501).send({ success: false, message: MSG.notImplemented }),
    });
  }
}
