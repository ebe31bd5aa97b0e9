// The request id of the work under way, kept in AsyncLocalStorage: set for each HTTP request (its Fastify id, from the
// proxy's X-Request-Id when that is sane) and for each round of a background job, and inherited by everything started
// from there: background tasks, chat deliveries, carrier calls. Every log line written inside carries it (the logger's
// mixin, below), so one id finds a request's line, the jobs it set off and the carrier calls they made.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { REQUEST_ID_HEADER } from "../../contract/constants";

export interface WorkContext {
  /** An HTTP request's id, or `job:<name>:<n>` for a round of background work. */
  requestId: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Runs `work` (and whatever it starts) under `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

let jobRuns = 0;
/** A fresh id for one round of a background job: `job:<name>:<n>` (n counts per process). */
export const jobRunId = (name: string): string => `job:${name}:${(++jobRuns).toString(36)}`;

/** Ids a proxy may hand us: short and plain, so a forged header cannot break a log line. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's genReqId: the proxy's X-Request-Id when it looks like an id, else a new UUID. */
export function requestIdOf(req: Pick<IncomingMessage, "headers">): string {
  const given = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  return typeof given === "string" && SANE_ID.test(given) ? given : randomUUID();
}

/**
 * pino's mixin: the current request id on every line written inside a request or job, under `reqId` (Fastify's own
 * label) unless the logger already binds it (Fastify's per-request logger does), so no line has it twice.
 */
export function requestIdMixin(
  _merge: object,
  _level: number,
  logger: { bindings(): Record<string, unknown> },
): Record<string, string> {
  const requestId = currentRequestId();
  if (!requestId || "reqId" in logger.bindings()) return {};
  return { reqId: requestId };
}
