// One folder per area of the call table; a call id's handler is in the folder named by its prefix, except:
//   auth.logout                                  → session/ (ends sessions; the rest of auth.* signs in)
//   balance.request, balance.requests, balance.myRequests,
//   balance.approveRequest, balance.rejectRequest → balance-requests/ (the other balance.* are in balance/)
//   permissions.modules                          → users/ (with users.permissions and users.grantPermission)
//   templateLibrary.*                            → rcs-templates/ (the library fills the RCS builder)
//   waba.media.upload, waba.media.uploadSession  → uploads/ (they store files like uploads.create)
//   campaigns.start/check/schedule/pause/resume/discard/operatorDiscard, sms.campaigns.start/discard,
//   waba.campaigns.start, rates.*                → campaign-control/ (one money path for every channel)
//   sms.campaigns.create, waba.campaigns.create   → campaigns/create.ts (one create path for the three channels)
//   the reads of sms.campaigns.*, waba.campaigns.* → campaigns/ (channel-reads.ts, with the other campaign reads)
//   carrierChannels.*                            → carrier-channels/ (the providers' webhooks live there too, outside the table)
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { AREA_OF, CALL_IDS, CALLS, rolesFor, type CallDef, type CallId } from "../../contract/calls";
import { MSG } from "../../contract/messages";
import { SCHEMAS, type SchemaName } from "../../schemas";
import { guardFor } from "../auth/guard";
import { multipartForms } from "../plugins/external/multipart";
import { apiKeyHandlers } from "./api-keys";
import { aiHandlers } from "./ai";
import { authHandlers } from "./auth";
import { balanceHandlers } from "./balance";
import { balanceRequestHandlers } from "./balance-requests";
import { botHandlers } from "./bots";
import { campaignControlHandlers } from "./campaign-control";
import { campaignSplitHandlers } from "./campaign-splits";
import { campaignCreateHandlers } from "./campaigns/create";
import { campaignIngestHandlers } from "./campaigns/ingest";
import { campaignReadHandlers } from "./campaigns";
import { carrierChannelHandlers } from "./carrier-channels";
import { channelHandlers } from "./channels";
import { chatHandlers } from "./chats";
import { keyConfigHandlers } from "./key-configs";
import { liveAgentHandlers } from "./live-agents";
import { notificationHandlers } from "./notifications";
import { operationHandlers } from "./operations";
import { sandboxPhoneHandlers } from "./chats/sandbox-phone";
import type { Handlers, RouteContext } from "./context";
import { dashboardHandlers } from "./dashboard";
import { profileHandlers } from "./profile";
import { publicHandlers } from "./public";
import { publicContactHandlers } from "./public/contacts";
import { publicConversionHandlers } from "./public/conversions";
import { conversionSettingsHandlers } from "./conversion-settings";
import { quotaHandlers } from "./quota";
import { rateCardHandlers } from "./rate-cards";
import { rcsTemplateHandlers } from "./rcs-templates";
import { reportHandlers } from "./reports";
import { templateHandlers } from "./templates";
import { umsHandlers } from "./ums";
import { sessionHandlers } from "./session";
import { smsHandlers } from "./sms";
import { suppressionHandlers } from "./suppressions";
import { consentHandlers } from "./consent";
import { supportHandlers } from "./support";
import { dndHandlers } from "./dnd";
import { contactHandlers } from "./contacts";
import { segmentHandlers } from "./segments";
import { campaignScheduleHandlers } from "./campaign-schedules";
import { contactImportHandlers } from "./contacts/imports";
import { messageLogHandlers } from "./message-log";
import { uploadHandlers } from "./uploads";
import { userHandlers } from "./users";
import { wabaHandlers } from "./waba";
import { wabaTemplateHandlers } from "./waba-templates";
import { workflowHandlers } from "./workflows";
import { webhookHandlers } from "./webhooks";

export const HANDLERS: Handlers = {
  ...authHandlers,
  ...sessionHandlers,
  ...userHandlers,
  ...balanceHandlers,
  ...balanceRequestHandlers,
  ...profileHandlers,
  ...dashboardHandlers,
  ...quotaHandlers,
  ...wabaHandlers,
  ...smsHandlers,
  ...channelHandlers,
  ...botHandlers,
  ...wabaTemplateHandlers,
  ...rcsTemplateHandlers,
  ...templateHandlers,
  ...uploadHandlers,
  ...campaignControlHandlers,
  ...rateCardHandlers,
  ...campaignCreateHandlers,
  ...campaignIngestHandlers,
  ...campaignReadHandlers,
  ...campaignSplitHandlers,
  ...suppressionHandlers,
  ...consentHandlers,
  ...dndHandlers,
  ...contactHandlers,
  ...segmentHandlers,
  ...campaignScheduleHandlers,
  ...contactImportHandlers,
  ...messageLogHandlers,
  ...supportHandlers,
  ...chatHandlers,
  ...liveAgentHandlers,
  ...notificationHandlers,
  ...sandboxPhoneHandlers,
  ...reportHandlers,
  ...workflowHandlers,
  ...apiKeyHandlers,
  ...keyConfigHandlers,
  ...umsHandlers,
  ...publicHandlers,
  ...publicContactHandlers,
  ...publicConversionHandlers,
  ...conversionSettingsHandlers,
  ...webhookHandlers,
  ...aiHandlers,
  ...operationHandlers,
  ...carrierChannelHandlers,
};

/** Public calls worth abusing, and the per-IP rule (config.rateLimits) each is counted under. */
const PER_IP_LIMITS: Partial<Record<CallId, keyof RouteContext["config"]["rateLimits"]>> = {
  "auth.login": "loginPerIp",
  "auth.sendResetLink": "resetPerIp",
  "auth.resetPassword": "resetPerIp",
  "auth.confirmEmail": "resetPerIp",
  "auth.registerDefault": "signupPerIp",
  "public.conversions.postback": "postbackPerIp",
};

function rateLimitOf(id: CallId, ctx: RouteContext) {
  const rule = PER_IP_LIMITS[id];
  if (!rule) return undefined;
  const { max, windowMs } = ctx.config.rateLimits[rule];
  return { rateLimit: { max, timeWindow: windowMs } };
}

/** What the OpenAPI document says about who may call: roles, module and sign-in. */
function describeAccess(id: CallId, def: CallDef): string {
  if (def.access === "public") return "Public: no token.";
  if (def.access === "api-key")
    return `API key (Authorization: Bearer <key> or X-API-Key), scope ${def.scope ?? "any"}.`;
  const who = def.access === "signed-in" ? "any signed-in account" : rolesFor(id).join(", ");
  return `Roles: ${who}.${def.module ? ` Module: ${def.module} (for manager, user and department head).` : ""}`;
}

/**
 * A row's body schema. A multipart row that also takes JSON (the campaign create calls) validates only its JSON
 * bodies here: a multipart request has no body yet at validation (its parts are read by the handler, which checks
 * the text fields against the same schema), and keyed by content type Fastify skips the others.
 */
function bodyOf(def: CallDef) {
  const schema = SCHEMAS[def.bodySchema as SchemaName];
  return def.multipart ? { content: { "application/json": { schema } } } : schema;
}

/** The route schema of a row: validation (params, query, body), serialization (response) and its docs. */
export function routeSchema(id: CallId, built: boolean): FastifySchema & Record<`x-${string}`, unknown> {
  const def: CallDef = CALLS[id];
  return {
    operationId: id,
    summary: def.summary ?? id,
    description: `${describeAccess(id, def)}${built ? "" : " Not built yet: answers 501."}`,
    tags: [AREA_OF[id]],
    security:
      def.access === "public"
        ? []
        : def.access === "api-key"
          ? [{ apiKey: [] }, { apiKeyHeader: [] }]
          : [{ bearerAuth: [] }],
    "x-roles": rolesFor(id),
    "x-module": def.module,
    ...(def.params ? { params: def.params } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.bodySchema ? { body: bodyOf(def) } : {}),
    response: def.response,
  };
}

type AnyHandler = (request: FastifyRequest, reply: FastifyReply, ctx: RouteContext) => Promise<unknown>;

/**
 * Registers every row of the contract's call table. The guard (token, role, module) comes from the row, so no
 * route can forget it; a row without a handler is a clear 501, never a pretend success.
 */
export function registerCalls(
  app: FastifyInstance,
  ctx: RouteContext,
  handlers: Handlers = HANDLERS,
  which: (id: CallId) => boolean = () => true,
): void {
  for (const id of CALL_IDS) {
    if (!which(id)) continue;
    // The map is typed per id (Handler<id>); here one loop registers all of them, so it is read as one shape.
    const handler = handlers[id] as AnyHandler | undefined;
    app.route({
      method: CALLS[id].method,
      url: CALLS[id].path,
      schema: routeSchema(id, Boolean(handler)),
      config: rateLimitOf(id, ctx),
      onRequest: guardFor(id, ctx),
      // Unbuilt rows answer before validation: their 501 must not depend on the input.
      preValidation: handler
        ? undefined
        : async (_request, reply) => reply.status(501).send({ success: false, message: MSG.notImplemented }),
      handler: handler
        ? (request, reply) => handler(request, reply, ctx)
        : async (_request, reply) => reply.status(501).send({ success: false, message: MSG.notImplemented }),
    });
  }
}

export interface CallsOptions {
  /** Tests replace handlers; by default HANDLERS. */
  handlers?: Handlers;
}

const isMultipart = (id: CallId): boolean => Boolean((CALLS[id] as CallDef).multipart);

/**
 * Every call of the table, with `app.routeContext` (plugins/app/route-context.ts) as the handlers' context. The
 * multipart rows sit in a scope of their own with @fastify/multipart, whose hooks would otherwise run on every
 * request (an onRequest and an onResponse each); elsewhere a multipart body is refused as an unsupported type.
 */
export const calls = fp<CallsOptions>(
  async (app, { handlers }) => {
    registerCalls(app, app.routeContext, handlers, (id) => !isMultipart(id));
    await app.register(async (scope) => {
      await scope.register(multipartForms);
      registerCalls(scope, app.routeContext, handlers, isMultipart);
    });
  },
  {
    name: "calls",
    dependencies: ["route-context"],
  },
);
