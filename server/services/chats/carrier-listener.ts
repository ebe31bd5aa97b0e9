import type { FastifyInstance } from "fastify";
import type { CarrierEvent } from "../../carriers/carrier";
import { AI_REPLY_JOB } from "../ai/reply-queue";
import { announceMove, autoAssignReceived } from "./auto-assign-inbound";
import { startSlaClocks } from "./sla";
import { receiveInbound, type Inbound, type Received } from "./inbound";
import { fetchInboundMedia } from "./inbound-media";
import { takeChannelInbound } from "./reply-routes";
import { inboundNotice, notifyConversations } from "./notify";
import { pushChatMessage, pushCsatAnswer, pushStatus } from "./push";
import { applyChatStatus, chatIdOfCarrierId, chatIdsOfProviderIds } from "./receipts";
import { failsOnItsData } from "../../db/errors";
import { startRcsConversations } from "../campaigns/rcs-conversations";
import { loadRatesFor } from "../rates/cards";
import { WORKFLOW_EVENTS_JOB } from "../workflows/events";

type Receipt = Extract<CarrierEvent, { type: "receipt" }>;

/**
 * A provider's receipt without our id (SMPP, HTTP SMS: they echo nothing back) found no chat message yet: the send's
 * answer may still be being written, so it is looked up once more after this long (campaign receipts, which also come
 * without our id, are not chat messages' and are then dropped here).
 */
const LOOK_AGAIN_MS = 1_000;

/** The most inbound messages written in one transaction; more wait for the next round. */
const MAX_BATCH = 500;

/**
 * Pushes what a batch received: every message, in order, to its conversation's rooms. No conversationUpdate follows:
 * the inbox refreshes its list on a 'message' (a new or reopened conversation included), and at 200 messages a second
 * to 50 agents a second event per message was half of the frames the server wrote.
 */
function pushReceived(app: FastifyInstance, received: readonly Received[]): void {
  for (const { conversation, message } of received) pushChatMessage(app.io, conversation, message);
}

/**
 * The chat side of carrier events, as they come (not on the campaign receipts' 100 ms timer): a customer's message
 * reaches the inbox within milliseconds. Events queue while a round is being written and the next round takes them
 * all, so under load a round writes many messages in one transaction and the queue never grows behind a statement per
 * message; when quiet, a round is one message. Rounds run one at a time, so a conversation's events keep their order.
 * Campaign bookkeeping of the same events (responses, STOP/START) stays in campaigns/carrier-events.ts. Returns the
 * unsubscribe.
 */
export function startChatEvents(app: FastifyInstance): () => void {
  const { db } = app.database;
  let inbound: Inbound[] = [];
  // The listener's answer for the inbound message at the same index: resolved once written; rejected if it was not
  // and could be on another try (the provider is then refused and delivers it again). A message the database refuses
  // for its content (failsOnItsData) would be refused forever: it is dropped, logged, and acknowledged.
  let stored: { resolve(): void; reject(error: unknown): void }[] = [];
  let receipts: Receipt[] = [];
  let byProvider: { event: Receipt; again: boolean }[] = [];
  let running = false;

  async function round(): Promise<void> {
    const messages = inbound.slice(0, MAX_BATCH);
    inbound = inbound.slice(messages.length);
    const answers = stored.slice(0, messages.length);
    stored = stored.slice(messages.length);
    const statuses = receipts;
    receipts = [];
    if (messages.length > 0) {
      const written = await writeRound(messages);
      // A message is acknowledged once written, or when trying again cannot help (failsOnItsData, or left out because
      // its channel's account does not own the address); otherwise it is refused and the provider delivers it again.
      answers.forEach((answer, i) => {
        const failure = written.failures.get(messages[i] as Inbound);
        if (failure === undefined || failsOnItsData(failure)) answer.resolve();
        else answer.reject(failure);
      });
      await announce(written.received);
      await rcsConversations(messages);
    }
    await applyStatuses(statuses);
  }

  /** Keeps what a provider channel may bring (reply-routes.ts), then writes it; answers the failures by message. */
  async function writeRound(messages: Inbound[]): Promise<{ received: Received[]; failures: Map<Inbound, unknown> }> {
    let taken: Awaited<ReturnType<typeof takeChannelInbound>>;
    try {
      taken = await takeChannelInbound(db, messages);
    } catch (error) {
      app.log.error({ err: error }, "inbound messages not stored");
      return { received: [], failures: new Map(messages.map((m) => [m, error])) };
    }
    if (taken.refused > 0)
      app.log.warn(
        { refused: taken.refused },
        "provider channel's messages to an address of another account (or of none) left out",
      );
    // A reply number newly answered through a channel: routes cached by the router would send the answer elsewhere.
    if (taken.rerouted) app.carrier.invalidate();
    const { received, failures } = await writeInbound(taken.kept);
    return {
      received,
      failures: new Map(taken.kept.flatMap((m, i) => (failures[i] === undefined ? [] : [[m, failures[i]] as const]))),
    };
  }

  /**
   * Writes a round's messages. Never throws: answers what was written, and per message the error that kept it from
   * being stored (undefined: stored).
   */
  async function writeInbound(messages: Inbound[]): Promise<{ received: Received[]; failures: unknown[] }> {
    const failures: unknown[] = [];
    // A survey's answer waits for no agent: it is pushed as it is stored, apart from the round's messages.
    const answered = (a: Parameters<typeof pushCsatAnswer>[1]) => pushCsatAnswer(app.io, a);
    const received = await receiveInbound(db, messages, answered).catch(async (err: unknown) => {
      app.log.error(
        { err },
        messages.length === 1
          ? "inbound message not stored"
          : "inbound batch not written; writing its messages one by one",
      );
      if (messages.length === 1) {
        failures[0] = err;
        return [];
      }
      // One bad message must not take the batch with it: write them one by one; only what fails is refused.
      const each: Received[] = [];
      for (const [i, m] of messages.entries()) {
        each.push(
          ...(await receiveInbound(db, [m], answered).catch((e: unknown) => {
            app.log.error({ err: e }, "inbound message not stored");
            failures[i] = e;
            return [];
          })),
        );
      }
      return each;
    });
    return { received, failures };
  }

  /**
   * Pushes what a round wrote, wakes the jobs it gave work to, and notifies the people of its conversations (the
   * bell's history: one write for the round, after the messages themselves were pushed; the next round waits for
   * it, so notifications never pile up behind a busy inbox). A failed write loses the notifications, not the messages.
   */
  async function announce(received: readonly Received[]): Promise<void> {
    pushReceived(app, received);
    // Customers' files are fetched at once (WhatsApp's link lasts minutes), beside the round, not in its way.
    if (received.some((r) => r.message.body.pendingMedia))
      void fetchInboundMedia({ db, carrier: app.carrier, storage: app.storage, io: app.io, log: app.log }, received);
    // SLA clocks (issue 40 item 5): started for conversations with none running, and their rows pushed again so the
    // list shows the time left; before auto-assignment, whose push then carries them too.
    await startSlaClocks(db, received)
      .then(async (ids) => {
        const started = new Set(ids);
        for (const c of new Map(received.map((r) => [r.conversation.id, r.conversation])).values())
          if (started.has(c.id)) await announceMove(db, app.io, c.id, c);
      })
      .catch((err: unknown) => app.log.error({ err }, "inbound conversations' SLA clocks not started"));
    // Auto-assignment (issue 40): after the push, so a customer's message is never held up by it.
    await autoAssignReceived(db, app.io, received).catch((err: unknown) =>
      app.log.error({ err }, "inbound conversations not auto-assigned"),
    );
    // Trigger events were written with the messages: wake their job now rather than at its next tick (only then: an
    // account without workflows writes none, and an idle claim is a statement that delays the next round).
    if (received.some((r) => r.triggered)) void app.jobs?.get(WORKFLOW_EVENTS_JOB)?.tick();
    // AI answers run after the messages are written and pushed, in the ai-replies job: woken now rather than at its
    // next tick (twice, so a round already under way cannot have claimed before these messages were queued).
    const ai = received.some((r) => r.aiQueued) ? app.jobs?.get(AI_REPLY_JOB) : undefined;
    if (ai) void ai.tick().then(() => ai.tick());
    const notes = received.map(({ conversation, message }) => ({
      conversation,
      note: inboundNotice(conversation, message),
    }));
    await notifyConversations({ db, io: app.io }, notes).catch((err: unknown) =>
      app.log.error({ err }, "inbound messages' notifications not written"),
    );
  }

  /**
   * A person's RCS message may start a conversation with a conversational bot (campaigns/rcs-conversations.ts),
   * whatever the inbox made of it (a reply to a campaign sent under the bot's agent id is not a chat message): after
   * the round is stored and pushed, so the inbox never waits for billing. A failure is logged; the bot's messages
   * then stay charged one by one, as Google bills when no conversation starts; a message delivered again finds the
   * conversation open and starts no second one.
   */
  async function rcsConversations(messages: readonly Inbound[]): Promise<void> {
    const replies = messages.filter((m) => m.channel === "rcs").map((m) => ({ to: m.to, number: m.from, at: m.at }));
    if (replies.length === 0) return;
    await startRcsConversations(db, replies, (userId) => loadRatesFor(db, userId)).catch((err: unknown) =>
      app.log.error({ err }, "RCS conversations not started"),
    );
  }

  async function applyStatuses(statuses: readonly Receipt[]): Promise<void> {
    const unkeyed = byProvider;
    byProvider = [];
    const found =
      unkeyed.length > 0
        ? await chatIdsOfProviderIds(
            db,
            unkeyed.map((r) => r.event.providerMessageId),
          )
        : new Map<string, number>();
    const later = unkeyed.filter((r) => !found.has(r.event.providerMessageId) && !r.again);
    if (later.length > 0) {
      setTimeout(() => {
        byProvider.push(...later.map((r) => ({ event: r.event, again: true })));
        drain();
      }, LOOK_AGAIN_MS).unref();
    }
    for (const event of [...statuses, ...unkeyed.map((r) => r.event)]) {
      const id = chatIdOfCarrierId(event.messageId) ?? found.get(event.providerMessageId) ?? null;
      if (id === null) continue;
      const applied = await applyChatStatus(db, id, event.status, event.reason ?? null, event.providerMessageId);
      if (applied)
        pushStatus(
          app.io,
          { userId: applied.user_id, assignedAgentId: applied.assigned_agent_id },
          {
            chatId: applied.conversation_id,
            messageId: String(applied.id),
            status: applied.status,
            error: applied.error,
          },
        );
    }
  }

  function drain(): void {
    if (running) return;
    running = true;
    void (async () => {
      while (inbound.length > 0 || receipts.length > 0 || byProvider.length > 0) {
        await round().catch((err: unknown) => app.log.error({ err }, "chat events not applied"));
      }
      running = false;
    })();
  }

  return app.carrier.onEvent((event) => {
    if (event.type === "inbound") {
      const done = new Promise<void>((resolve, reject) => stored.push({ resolve, reject }));
      inbound.push(event);
      drain();
      return done;
    }
    if (event.type === "receipt" && chatIdOfCarrierId(event.messageId) !== null) {
      receipts.push(event);
      drain();
    } else if (event.type === "receipt" && event.messageId === undefined) {
      // A provider that echoes nothing back (SMPP, HTTP SMS): a chat message's receipt is known by the provider's id.
      byProvider.push({ event, again: false });
      drain();
    }
  });
}
