import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import type { PublicMessageRecord } from "../../../contract/calls";
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN, PUBLIC_API_HEADERS } from "../../../contract/domain/api-keys";
import { apiCallerOf } from "../../auth/api-key-guard";
import { umsIdOf } from "../../plugins/app/public-api";
import type { SendJob, SendOutcome } from "../../services/public-api/accept";
import { publicError, type ApiCaller } from "../../services/public-api/caller";
import { rowsOf } from "../../db/sql";
import { publicMessage } from "../../services/public-api/messages";
import {
  prepareBatch,
  prepareMessage,
  type PreparedMessage,
  type PrepareDeps,
} from "../../services/public-api/prepare";
import { sendableTemplates } from "../../services/public-api/templates";
import { toMoney } from "../../services/balance/ledger";
import type { Handlers, RouteContext } from "../context";

/** JSON with its object keys sorted: two bodies that say the same thing hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

const VISIBLE_ASCII = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** The request's Idempotency-Key and the hash of what it asks (route and body), or undefined without one. */
function idempotencyOf(request: FastifyRequest): { key: string; bodyHash: string } | undefined {
  const raw = request.headers[PUBLIC_API_HEADERS.idempotencyKey.toLowerCase()];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (key === undefined || key === "") return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX || !VISIBLE_ASCII.test(key)) {
    const message = `must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`;
    const field = PUBLIC_API_HEADERS.idempotencyKey;
    throw publicError("invalidRequest", `${field}: ${message}`, { errors: [{ field, message }] });
  }
  return {
    key,
    bodyHash: createHash("sha256")
      .update(`${request.routeOptions.url}\n${canonical(request.body)}`)
      .digest("hex"),
  };
}

/** An earlier answer under this key: replayed (same body) or refused (another body). Checked before any work. */
async function earlierAnswer(
  ctx: RouteContext,
  caller: ApiCaller,
  idem: { key: string; bodyHash: string },
): Promise<SendOutcome | null> {
  const [row] = await rowsOf<{ body_hash: string; status: number; response: unknown }>(
    ctx.db,
    sql`select body_hash, status, response from api_idempotency where user_id = ${caller.userId} and key = ${idem.key} and created_at > now() - interval '24 hours'`,
  );
  if (!row) return null;
  return row.body_hash === idem.bodyHash
    ? { kind: "replay", status: row.status, body: row.response }
    : { kind: "conflict" };
}

const recordOf = (m: PreparedMessage, at: string): PublicMessageRecord => ({
  id: m.id,
  channel: m.steps[0].channel,
  channels: m.steps.map((s) => s.channel),
  to: m.to,
  from: m.steps[0].from,
  status: "queued",
  reference: m.reference,
  cost: m.steps[0].costPaise / 100,
  code: null,
  reason: null,
  createdAt: at,
  updatedAt: at,
});

/** The answer of a send, from how its commit went. */
function answer<T>(reply: FastifyReply, outcome: SendOutcome, accepted: { status: number; body: T }): T {
  switch (outcome.kind) {
    case "accepted":
      reply.status(accepted.status);
      return accepted.body;
    case "replay":
      reply.status(outcome.status).header(PUBLIC_API_HEADERS.replayed, "true");
      return outcome.body as T;
    case "conflict":
      throw publicError("idempotencyConflict");
    case "insufficient":
      throw publicError(
        "insufficientBalance",
        `Insufficient balance: this request costs ₹${toMoney(outcome.costPaise)} and the balance is ₹${toMoney(outcome.balancePaise)}. Nothing was sent.`,
      );
    case "error":
      throw outcome.error;
  }
}

const depsOf = (ctx: RouteContext): PrepareDeps => ({
  db: ctx.db,
  senders: ctx.publicApi.senders,
  rates: ctx.publicApi.prices,
});

/** Replays or refuses from an earlier answer under the Idempotency-Key; otherwise prepares, commits and answers. */
async function send<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: RouteContext,
  build: (caller: ApiCaller) => Promise<{ messages: PreparedMessage[]; body: (at: string) => T }>,
): Promise<T> {
  const caller = apiCallerOf(request);
  const idempotency = idempotencyOf(request);
  const earlier = idempotency ? await earlierAnswer(ctx, caller, idempotency) : null;
  if (earlier) return answer<T>(reply, earlier, { status: 201, body: undefined as T });
  const { messages, body } = await build(caller);
  const at = new Date().toISOString();
  const job: SendJob = {
    caller,
    requestId: umsIdOf(request),
    messages,
    at,
    answer: { status: 201, body: body(at) },
    ...(idempotency ? { idempotency } : {}),
  };
  const outcome = await ctx.publicApi.sends.commit(job);
  if (outcome.kind === "accepted") request.umsMessageCount = messages.length;
  return answer(reply, outcome, job.answer as { status: number; body: T });
}

export const publicHandlers: Handlers = {
  "public.messages.send": (request, reply, ctx) =>
    send(request, reply, ctx, async (caller) => {
      const message = await prepareMessage(depsOf(ctx), caller, request.body);
      return { messages: [message], body: (at) => ({ success: true as const, data: recordOf(message, at) }) };
    }),
  "public.messages.batch": (request, reply, ctx) =>
    send(request, reply, ctx, async (caller) => {
      const messages = await prepareBatch(depsOf(ctx), caller, request.body.messages);
      const cost = messages.reduce((sum, m) => sum + m.steps[0].costPaise, 0) / 100;
      return {
        messages,
        body: (at) => ({
          success: true as const,
          data: { messages: messages.map((m) => recordOf(m, at)), count: messages.length, cost },
        }),
      };
    }),
  "public.messages.get": async (request, _reply, { db }) => {
    const data = await publicMessage(db, apiCallerOf(request).userId, request.params.id);
    if (!data) throw publicError("notFound", "Message not found");
    return { success: true, data };
  },
  "public.templates.list": async (request, _reply, { db }) => {
    const caller = apiCallerOf(request);
    const channels = request.query.channel
      ? caller.channels.filter((c) => c === request.query.channel)
      : caller.channels;
    return { success: true, data: await sendableTemplates(db, caller.userId, channels) };
  },
};
