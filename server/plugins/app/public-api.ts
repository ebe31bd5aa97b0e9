import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { IDEMPOTENCY_KEY_MAX, PUBLIC_API_HEADERS } from "../../../contract/domain/api-keys";
import type { ServerConfig } from "../../config";
import { ApiKeyStore } from "../../services/api-keys/key-store";
import { createSendCommitter, type SendCommitter } from "../../services/public-api/accept";
import { createRateGate, type RateGate } from "../../services/public-api/rate-gate";
import { keptBody, startRequestLog, type RequestLog } from "../../services/public-api/request-log";
import { senderDirectory, type SenderDirectory } from "../../services/public-api/senders";
import { PublicMessageEvents } from "../../services/public-api/state-events";
import type { Rates } from "../../services/campaigns/rates";
import { loadRatesFor } from "../../services/rates/cards";

declare module "fastify" {
  interface FastifyInstance {
    publicApi: PublicApi;
  }
  interface FastifyRequest {
    /** The request log id of a public-API request (also the request id of the messages it creates). */
    umsId?: string;
    /** Messages the request created, for its log row. */
    umsMessageCount?: number;
    /** The answer's body as sent, for the log. */
    umsResponse?: unknown;
  }
}

/** Everything the public API's routes and jobs share, one per process. */
export interface PublicApi {
  /** Verified keys, cached; invalidated everywhere on delete, regenerate and configuration changes. */
  keys: ApiKeyStore;
  /** The keys' rate limits, counted in batches. */
  rates: RateGate;
  /** Sends, committed in batches (group commit). */
  sends: SendCommitter;
  senders: SenderDirectory;
  /** The admin's message rates, read at most every few seconds. */
  /** The rates an account pays (its rate card), kept a few seconds per account. */
  prices: (userId: string) => Promise<Rates>;
  /** "Message state changed" of public messages: subscribe with events.onPublicMessageStateChanged. */
  events: PublicMessageEvents;
  log: RequestLog;
  /** Wakes the dispatcher (set when the jobs start). */
  wake: () => void;
  umsLogDays: number;
}

/** A request's log id, made when it is first asked for. */
export function umsIdOf(request: FastifyRequest): string {
  request.umsId ??= randomUUID();
  return request.umsId;
}

const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** The log row of a public-API request whose key was verified (its answer given, refused or not). */
function logEntry(request: FastifyRequest, reply: FastifyReply, owner: { keyId: string; userId: string }) {
  // The answer is kept as the string that was sent: its code and message are read from the parsed copy.
  const answer = keptBody(request.umsResponse).body;
  const response = (answer !== null && typeof answer === "object" ? answer : null) as {
    message?: string;
    code?: string;
    errors?: { field: string; message: string }[];
  } | null;
  const failed = reply.statusCode >= 400;
  const body = keptBody(request.body);
  return {
    id: umsIdOf(request),
    userId: owner.userId,
    apiKeyId: owner.keyId,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    path: request.url.split("?")[0],
    status: reply.statusCode,
    latencyMs: Math.round(reply.elapsedTime * 100) / 100,
    ip: request.ip,
    errorCode: failed ? (response?.code ?? `http_${reply.statusCode}`) : null,
    errorMessage: failed ? (response?.message ?? null) : null,
    errorDetails: failed && response?.errors?.length ? response.errors : null,
    idempotencyKey:
      header(request, PUBLIC_API_HEADERS.idempotencyKey.toLowerCase())?.slice(0, IDEMPOTENCY_KEY_MAX) ?? null,
    userAgent: header(request, "user-agent")?.slice(0, 300) ?? null,
    requestBody: body.body,
    requestTruncated: body.truncated,
    responseBody: answer,
    messageCount: request.umsMessageCount ?? 0,
    createdAt: new Date(Date.now() - reply.elapsedTime).toISOString(),
  };
}

/**
 * `app.publicApi`, and the request log of every public-API request made with a verified key: its answer is kept
 * (onSend) and the row written in batches after it (onResponse). The dispatcher, receipts and pruning are started
 * with the other jobs (server/jobs/public-api.ts).
 */
export const publicApiPlugin = fp<Pick<ServerConfig, "umsLogDays" | "publicApiCommitMs">>(
  async (app, { umsLogDays, publicApiCommitMs }) => {
    const { db } = app.database;
    const keys = new ApiKeyStore(app.database);
    await keys.start((fn) => app.sessions.subscribe(fn));
    app.addHook("preClose", async () => keys.stop());
    const events = new PublicMessageEvents();
    // PGlite is one connection: one batch at a time; PostgreSQL's pool takes a few at once.
    const batching = {
      lingerMs: publicApiCommitMs,
      maxBatch: 500,
      maxInFlight: app.database.kind === "pglite" ? 1 : 4,
    };
    // Each account's card, kept a few seconds: a send prices at what its owner pays (services/rates/cards.ts).
    const prices = new Map<string, { at: number; value: Promise<Rates> }>();
    const publicApi: PublicApi = {
      keys,
      rates: createRateGate(db, batching),
      sends: createSendCommitter(db, events, batching, () => publicApi.wake()),
      senders: senderDirectory(db),
      prices: (userId) => {
        const known = prices.get(userId);
        if (known && Date.now() - known.at <= 5000) return known.value;
        if (prices.size > 10_000) prices.clear();
        const value = loadRatesFor(db, userId);
        prices.set(userId, { at: Date.now(), value });
        return value;
      },
      events,
      log: startRequestLog(db, { flushMs: 100, log: app.log }),
      wake: () => undefined,
      umsLogDays,
    };
    app.decorate("publicApi", publicApi);
    // Every request passes these two (only public-API calls have an owner to log): callbacks, not async functions.
    app.addHook("onSend", (request, _reply, payload, done) => {
      if (request.apiLogOwner && typeof payload === "string") request.umsResponse = payload;
      done(null, payload);
    });
    app.addHook("onResponse", (request, reply, done) => {
      if (request.apiLogOwner) publicApi.log.add(logEntry(request, reply, request.apiLogOwner));
      done();
    });
    app.addHook("onClose", async () => {
      await publicApi.sends.drain();
      await publicApi.rates.drain();
      await publicApi.log.stop();
    });
  },
  { name: "public-api", dependencies: ["database", "auth"] },
);
