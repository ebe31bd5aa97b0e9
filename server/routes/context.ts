import type { FastifyReply, FastifyRequest } from "fastify";
import type { CallBody, CallId, CallParams, CallQuery, CallReply } from "../../contract/calls";
import type { CarrierRouter } from "../carriers/router";
import type { ServerConfig } from "../config";
import type { Db } from "../db/client";
import type { PublicApi } from "../plugins/app/public-api";
import type { SendMail } from "../services/accounts/mailer";
import type { SessionStore } from "../services/accounts/sessions";
import type { Storage } from "../storage";

export interface RouteContext {
  db: Db;
  config: ServerConfig;
  /** Read lazily: the secret is loaded from the database after plugins register. */
  secret: () => string;
  sendMail: SendMail;
  sessions: SessionStore;
  /** The router over the account channels' adapters and the default carrier (plugins/app/carrier.ts). */
  carrier: CarrierRouter;
  storage: Storage;
  /** API keys, the public API's group commit, rate limits, request log and message events. */
  publicApi: PublicApi;
  /** True while the address may receive another reset mail (per-address limit of @fastify/rate-limit). */
  resetMailAllowed: (request: FastifyRequest) => Promise<boolean>;
  /** Work done after the answer (mail); tracked so closing the server waits for it. */
  background: (task: () => Promise<unknown>) => void;
}

/**
 * The request of a call: body, query and params typed from the row's schemas, which Fastify validated (defaults
 * filled).
 */
export type CallRequest<K extends CallId> = FastifyRequest<{
  Body: CallBody<K>;
  Querystring: CallQuery<K>;
  Params: CallParams<K>;
}>;

/** A handler answers with the row's success schema; the serializer drops anything that schema does not name. */
export type Handler<K extends CallId> = (
  request: CallRequest<K>,
  reply: FastifyReply,
  ctx: RouteContext,
) => Promise<CallReply<K>>;

/** Handlers by call id; a call of the table without one answers 501. */
export type Handlers = { [K in CallId]?: Handler<K> };
