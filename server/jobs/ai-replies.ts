// The ai-replies job: answers queued customer messages (ai_reply_jobs) with the conversation's AI agent. Rows are
// claimed with FOR UPDATE SKIP LOCKED and leased (due_at moved forward), so several processes share the queue and a
// stopped one's rows come back when the lease ends; a row is deleted once answered, and given up after a few tries.
// Conversations are answered side by side (a slow model call holds up no other), each one's messages in order.
import { eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { aiReplyJobs } from "../db/schema";
import { answerInbound, type ReplyDeps } from "../services/ai/conversation-reply";
import { AI_REPLY_JOB } from "../services/ai/reply-queue";
import type { ClaimJob } from "../db/claim-loop";

const MAX_ATTEMPTS = 5;
const CONVERSATIONS_AT_ONCE = 4;

type Claimed = (typeof aiReplyJobs.$inferSelect)[];

export function aiReplyJob(db: Db, deps: ReplyDeps, options: { leaseMs: number }): ClaimJob<Claimed> {
  async function answer(row: Claimed[number]): Promise<void> {
    if (row.attempts > MAX_ATTEMPTS) {
      deps.log.error({ messageId: row.messageId }, "AI answer given up after repeated failures");
      await db.delete(aiReplyJobs).where(eq(aiReplyJobs.id, row.id));
      return;
    }
    try {
      await answerInbound(deps, { userId: row.userId, conversationId: row.conversationId, messageId: row.messageId });
      await db.delete(aiReplyJobs).where(eq(aiReplyJobs.id, row.id));
    } catch (err) {
      // The row stays leased and is tried again when the lease ends.
      deps.log.error({ err, messageId: row.messageId }, "AI answer failed; will retry");
    }
  }

  return {
    name: AI_REPLY_JOB,
    // One claimed item is the whole batch, so process() can work on several conversations at once.
    claim: async (tx, now, limit) => {
      const rows = await tx
        .select()
        .from(aiReplyJobs)
        .where(lte(aiReplyJobs.dueAt, now))
        .orderBy(aiReplyJobs.id)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (!rows.length) return [];
      await tx
        .update(aiReplyJobs)
        .set({ dueAt: new Date(now.getTime() + options.leaseMs), attempts: sql`${aiReplyJobs.attempts} + 1` })
        .where(
          inArray(
            aiReplyJobs.id,
            rows.map((r) => r.id),
          ),
        );
      return [rows.map((r) => ({ ...r, attempts: r.attempts + 1 }))];
    },
    process: async (rows) => {
      const byConversation = new Map<string, Claimed>();
      for (const row of rows)
        byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row]);
      const queues = [...byConversation.values()];
      const workers = Array.from({ length: Math.min(CONVERSATIONS_AT_ONCE, queues.length) }, async () => {
        for (let queue = queues.shift(); queue; queue = queues.shift()) {
          for (const row of queue) await answer(row);
        }
      });
      await Promise.all(workers);
    },
  };
}
