import type { FastifyReply, FastifyRequest } from "fastify";
import type { PublicMessageRecord } from "../../../contract/calls";
import { PUBLIC_API_HEADERS } from "../../../contract/domain/api-keys";
import { apiCallerOf } from "../../auth/api-key-guard";
import { umsIdOf } from "../../plugins/app/public-api";
import type { SendJob, SendOutcome } from "../../services/public-api/accept";
import { publicError, type ApiCaller } from "../../services/public-api/caller";
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
import { earlierAnswer, idempotencyOf } from "./idempotency";

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
