import type { FastifyReply } from "fastify";
import { MSG } from "../../contract/messages";
import { HttpError } from "../http/errors";
import type { RateLimiter } from "../services/rate-limiter";

/** Refuses with 429 and Retry-After when a key is over its allowance; otherwise does nothing. */
export function enforceLimit(reply: FastifyReply, limiter: RateLimiter, key: string): void {
  const wait = limiter.retryAfter(key);
  if (wait > 0) {
    reply.header("retry-after", String(wait));
    throw new HttpError(429, MSG.tooManyAttempts);
  }
}
