import { and, count, desc, eq } from "drizzle-orm";
import type { CallQuery } from "../../../contract/calls";
import type { Db } from "../../db/client";
import { aiAnswers, conversations } from "../../db/schema";
import { pageWindow, totalPages } from "../paging";
import type { Answer } from "./answer";
import type { AgentRow } from "./records";

/** The agent's answers, newest first: what it was asked, what it said, and on what it based it. */
export async function listAnswers(db: Db, agent: AgentRow, query: CallQuery<"ai.agents.answers">) {
  const p = pageWindow(query);
  const where = and(eq(aiAnswers.agentId, agent.id), query.outcome ? eq(aiAnswers.outcome, query.outcome) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ answer: aiAnswers, customerNumber: conversations.customerNumber })
      .from(aiAnswers)
      .leftJoin(conversations, eq(conversations.id, aiAnswers.conversationId))
      .where(where)
      .orderBy(desc(aiAnswers.id))
      .limit(p.limit)
      .offset(p.offset),
    db.select({ total: count() }).from(aiAnswers).where(where),
  ]);
  return {
    success: true as const,
    count: total,
    page: p.page,
    limit: p.limit,
    totalPages: totalPages(total, p.limit),
    data: rows.map(({ answer: a, customerNumber }) => ({
      _id: String(a.id),
      agentId: a.agentId,
      agentName: a.agentName,
      conversationId: a.conversationId,
      customerNumber,
      question: a.question,
      reply: a.reply,
      intent: a.intent,
      confidence: Math.round(a.confidence * 1000) / 1000,
      sources: a.sources,
      outcome: a.outcome,
      reason: a.reason,
      engine: a.engine,
      latencyMs: a.latencyMs,
      playground: a.playground,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

/** A playground answer is logged too, marked, so testers can look back at what the agent said. */
export async function logPlayground(db: Db, agent: AgentRow, question: string, answer: Answer): Promise<void> {
  await db.insert(aiAnswers).values({
    userId: agent.userId,
    agentId: agent.id,
    agentName: agent.name,
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
    outcome: answer.outcome,
    reason: answer.handoffReason,
    engine: answer.engine,
    latencyMs: Math.round(answer.tookMs),
    playground: true,
  });
}
