import type { FastifyReply, FastifyRequest } from "fastify";
import type { CallId } from "../../contract/calls";
import type { ServerConfig } from "../config";
import type { Db } from "../db/client";
import type { SendMail } from "../services/mailer";
import type { SessionStore } from "../services/sessions";

export interface RouteContext {
  db: Db;
  config: ServerConfig;
  /** Read lazily: the secret is loaded from the database after plugins register. */
  secret: () => string;
  sendMail: SendMail;
  sessions: SessionStore;
  /** True while the address may receive another reset mail (per-address limit of @fastify/rate-limit). */
  resetMailAllowed: (request: FastifyRequest) => Promise<boolean>;
  /** Work done after the answer (mail); tracked so closing the server waits for it. */
  background: (task: () => Promise<unknown>) => void;
}

export type Handler = (request: FastifyRequest, reply: FastifyReply, ctx: RouteContext) => Promise<unknown>;

/** Handlers by call id; a call of the table without one answers 501. */
export type Handlers = Partial<Record<CallId, Handler>>;

export type Body<T> = FastifyRequest & { body: T };
export const bodyOf = <T>(request: FastifyRequest) => request.body as T;
export const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
