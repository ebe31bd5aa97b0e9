// An AI agent answering in the inbox. Each customer text message of an account with an agent on its channel is
// queued with the message itself (reply-queue.ts) and answered here, after it was written and pushed, by the
// ai-replies job. Which agent holds the conversation is a row of ai_conversations: taken by the first agent whose
// scope takes it, kept until a hand-over, a live agent's assignment or a person's reply. The answer goes out through
// the inbox's own send path (the WhatsApp window, ticks, pushes), with a note that tells the team what it was based
// on; every decision is logged in ai_answers. Client ids `ai:<message>` and `ai-note:<message>` and one log row per
// message make a retried job send nothing twice.
import { and, eq, gt, isNull, like, not, or, sql } from "drizzle-orm";
import type { Server } from "socket.io";
import { HANDOFF_REASON_TEXT, namesKeyword } from "../../../contract/domain/ai";
import { DLT_TEMPLATES_ONLY } from "../../../contract/domain/chats";
import type { Carrier } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { aiAgents, aiAnswers, aiConversations, chatMessages, conversations } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { conversationRecord } from "../chats/conversations";
import { handoffNotice, notifyConversations } from "../chats/notify";
import { pushConversation } from "../chats/push";
import { addNoteInWorkspace, sendInWorkspace } from "../chats/send";
import type { ChatWorkspace } from "../chats/workspace";
import { composeAnswer, type Answer } from "./answer";
import { intentModel } from "./intent-model";
import type { AiConfig } from "../../config/ai";
import type { AgentRow } from "./records";

export interface ReplyDeps {
  db: Db;
  carrier: Carrier;
  io: Server;
  ai: AiConfig;
  now?: () => Date;
  log: { error: (obj: unknown, msg: string) => void; warn: (obj: unknown, msg: string) => void };
}

export interface ReplyJob {
  userId: string;
  conversationId: string;
  messageId: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Messages a person of the team sent (not an AI agent) in the conversation since `since`. */
async function personWroteSince(db: Db, conversationId: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.direction, "out"),
        isNull(chatMessages.recipientId),
        gt(chatMessages.createdAt, since),
        or(isNull(chatMessages.clientId), not(like(chatMessages.clientId, "ai:%"))),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether an agent's scope takes this conversation, judged on the customer's message. */
async function takes(
  db: Db,
  agent: AgentRow,
  conversation: typeof conversations.$inferSelect,
  text: string,
): Promise<boolean> {
  switch (agent.scope) {
    case "all":
      return true;
    case "unassigned":
      return conversation.assignedAgentId === null;
    case "keyword":
      return conversation.assignedAgentId === null && namesKeyword(text, agent.scopeKeywords) !== null;
    case "intent": {
      if (conversation.assignedAgentId !== null) return false;
      const { model, intents } = await intentModel(db, agent.id);
      const result = model.classify(text);
      const best = intents.find((i) => i.id === result.ranked[0]?.intentId);
      return Boolean(
        best && result.confidence >= agent.handoff.confidenceThreshold && agent.scopeIntents.includes(best.name),
      );
    }
  }
}

/** The agent holding the conversation, taking it for the first agent whose scope fits; null when it is people's. */
async function holder(
  deps: ReplyDeps,
  conversation: typeof conversations.$inferSelect,
  text: string,
  now: Date,
): Promise<{ agent: AgentRow; since: Date } | null> {
  const { db } = deps;
  const [state] = await db.select().from(aiConversations).where(eq(aiConversations.conversationId, conversation.id));
  if (state) {
    if (state.state !== "active") return null;
    const [agent] = await db.select().from(aiAgents).where(eq(aiAgents.id, state.agentId));
    if (!agent?.enabled || !agent.channels.includes(conversation.channel as AgentRow["channels"][number])) return null;
    // A live agent took it, or a person wrote in it: it is people's now.
    const assigned = conversation.assignedAgentId !== null && agent.scope !== "all";
    if (assigned || (await personWroteSince(db, conversation.id, state.createdAt))) {
      await db
        .update(aiConversations)
        .set({
          state: "handed_off",
          reason: assigned ? "assigned to a live agent" : "a person replied",
          handedOffAt: now,
          updatedAt: now,
        })
        .where(eq(aiConversations.conversationId, conversation.id));
      return null;
    }
    return { agent, since: state.createdAt };
  }
  // A conversation people answered within the day stays theirs.
  if (await personWroteSince(db, conversation.id, new Date(now.getTime() - DAY_MS))) return null;
  const candidates = await db
    .select()
    .from(aiAgents)
    .where(
      and(
        eq(aiAgents.userId, conversation.userId),
        eq(aiAgents.enabled, true),
        sql`${aiAgents.channels} ? ${conversation.channel}`,
      ),
    )
    .orderBy(aiAgents.createdAt);
  for (const agent of candidates) {
    if (!(await takes(db, agent, conversation, text))) continue;
    await db
      .insert(aiConversations)
      .values({ conversationId: conversation.id, userId: conversation.userId, agentId: agent.id })
      .onConflictDoNothing();
    const [taken] = await db.select().from(aiConversations).where(eq(aiConversations.conversationId, conversation.id));
    if (taken?.agentId !== agent.id || taken.state !== "active") return null;
    return { agent, since: taken.createdAt };
  }
  return null;
}

function noteOf(agent: AgentRow, answer: Answer): string {
  const confidence = `confidence ${answer.confidence.toFixed(2)}`;
  if (answer.outcome === "handoff") {
    const why = answer.handoffReason ? HANDOFF_REASON_TEXT[answer.handoffReason] : "it could not answer";
    return `🤖 ${agent.name} handed this conversation to the team: ${why} (${answer.detail}; ${confidence}). Please take it from here.`;
  }
  const intent = answer.intent ? `intent ${answer.intent}, ` : "";
  const source = answer.sources.length
    ? ` Source: ${answer.sources.map((s) => `“${s.title}” (passage ${s.passageId})`).join(", ")}.`
    : "";
  return `🤖 ${agent.name} answered (${intent}${confidence}; ${answer.detail}).${source}`;
}

async function log(
  db: Db,
  job: ReplyJob,
  agent: AgentRow,
  question: string,
  answer: Answer,
  outcome: Answer["outcome"],
  reason: string | null,
): Promise<void> {
  await db
    .insert(aiAnswers)
    .values({
      userId: job.userId,
      agentId: agent.id,
      agentName: agent.name,
      conversationId: job.conversationId,
      messageId: job.messageId,
      question,
      reply: answer.reply,
      intent: answer.intent,
      confidence: answer.confidence,
      sources: answer.sources.map(({ passageId, knowledgeId, title, score }) => ({
        passageId,
        knowledgeId,
        title,
        score,
      })),
      outcome,
      reason,
      engine: answer.engine,
      latencyMs: Math.round(answer.tookMs),
    })
    .onConflictDoNothing();
}

interface HandOver {
  conversation: typeof conversations.$inferSelect;
  messageId: number;
  agentName: string;
  /** What ai_conversations keeps. */
  reason: string | null;
  /** What the team's bells say, after "handed the conversation to the team: ". */
  why: string;
}

/**
 * The conversation is people's from now on; its unread count stays above 0 so that they see it waits for them, and
 * the team's bells ask for a person. A failed notification is logged, not retried: the answer is already out.
 */
async function handOff(
  deps: ReplyDeps,
  { conversation, messageId, agentName, reason, why }: HandOver,
  now: Date,
): Promise<void> {
  const { db } = deps;
  await db
    .update(aiConversations)
    .set({ state: "handed_off", reason, handedOffAt: now, updatedAt: now })
    .where(eq(aiConversations.conversationId, conversation.id));
  // The reply read the conversation (unread 0): people must still see that it waits for them.
  const [updated] = await db
    .update(conversations)
    .set({ unreadCount: sql`greatest(${conversations.unreadCount}, 1)` })
    .where(eq(conversations.id, conversation.id))
    .returning();
  if (updated) pushConversation(deps.io, updated, await conversationRecord(db, updated));
  await notifyConversations({ db, io: deps.io }, [
    { conversation: updated ?? conversation, note: handoffNotice(conversation, messageId, agentName, why) },
  ]).catch((err: unknown) => deps.log.error({ err, messageId }, "hand-over notification not written"));
}

/** Answers one queued customer message (the ai-replies job's work). */
export async function answerInbound(deps: ReplyDeps, job: ReplyJob): Promise<void> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const [message] = await db.select().from(chatMessages).where(eq(chatMessages.id, job.messageId));
  const [conversation] = await db.select().from(conversations).where(eq(conversations.id, job.conversationId));
  if (!message || !conversation || message.direction !== "in" || !message.text.trim()) return;
  const [already] = await db.select({ id: aiAnswers.id }).from(aiAnswers).where(eq(aiAnswers.messageId, job.messageId));
  if (already) return;

  const held = await holder(deps, conversation, message.text, now);
  if (!held) return;
  const { agent } = held;
  const answer = await composeAnswer(
    { db, ai: deps.ai, now: () => now, log: (err, msg) => deps.log.warn({ err }, msg) },
    agent,
    message.text,
  );

  const ws: ChatWorkspace = { ownerId: conversation.userId, agentId: null, authorName: `${agent.name} (AI)` };
  const chat = { db, carrier: deps.carrier, io: deps.io, log: deps.log };
  try {
    await sendInWorkspace(chat, ws, conversation.id, {
      clientId: `ai:${job.messageId}`,
      messageType: "text",
      text: answer.reply,
    });
  } catch (err) {
    // An answer is free text, which an Indian DLT route does not carry (only registered templates): the agent cannot
    // answer in this conversation at all, so it is handed to the team, who can send a template, with the reason.
    if (err instanceof HttpError && err.message === DLT_TEMPLATES_ONLY) {
      await addNoteInWorkspace(chat, ws, conversation.id, {
        clientId: `ai-note:${job.messageId}`,
        text: `🤖 ${agent.name} cannot answer here and handed this conversation to the team: ${DLT_TEMPLATES_ONLY}`,
      });
      const reason = "free text is not allowed on this DLT route";
      await handOff(deps, { conversation, messageId: job.messageId, agentName: agent.name, reason, why: reason }, now);
      await log(db, job, agent, message.text, answer, "skipped", DLT_TEMPLATES_ONLY);
      return;
    }
    // The WhatsApp window closed before the answer (a job delayed a day): nothing may be sent; people will see it.
    if (err instanceof HttpError && err.statusCode === 422) {
      await log(db, job, agent, message.text, answer, "skipped", err.message);
      return;
    }
    throw err;
  }
  await addNoteInWorkspace(chat, ws, conversation.id, {
    clientId: `ai-note:${job.messageId}`,
    text: noteOf(agent, answer),
  });
  if (answer.outcome === "handoff") {
    const why = answer.handoffReason ? HANDOFF_REASON_TEXT[answer.handoffReason] : "it could not answer";
    await handOff(
      deps,
      { conversation, messageId: job.messageId, agentName: agent.name, reason: answer.handoffReason, why },
      now,
    );
  }
  await log(db, job, agent, message.text, answer, answer.outcome, answer.handoffReason);
}
