// The ai-embeddings job (only with an embeddings endpoint): passages due for an embedding (embed_after) are claimed in
// batches, leased, sent to the endpoint and written back as real[]; a failed batch comes back when its lease ends.
import { and, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { aiPassages } from "../db/schema";
import { embed } from "../services/ai/llm";
import type { AiConfig } from "../config/ai";
import type { ClaimJob } from "../db/claim-loop";

export const AI_EMBED_JOB = "ai-embeddings";

type Passage = { id: number; title: string; content: string };

export function aiEmbeddingJob(
  db: Db,
  ai: AiConfig & { embeddingsUrl: string; embeddingsModel: string },
  options: { leaseMs: number },
): ClaimJob<Passage[]> {
  return {
    name: AI_EMBED_JOB,
    claim: async (tx, now, limit) => {
      const rows = await tx
        .select({ id: aiPassages.id, title: aiPassages.title, content: aiPassages.content })
        .from(aiPassages)
        .where(and(isNotNull(aiPassages.embedAfter), lte(aiPassages.embedAfter, now)))
        .orderBy(aiPassages.embedAfter)
        .limit(limit)
        .for("update", { skipLocked: true });
      if (!rows.length) return [];
      await tx
        .update(aiPassages)
        .set({ embedAfter: new Date(now.getTime() + options.leaseMs) })
        .where(
          inArray(
            aiPassages.id,
            rows.map((r) => r.id),
          ),
        );
      return [rows];
    },
    process: async (rows) => {
      const vectors = await embed(
        ai,
        rows.map((r) => `${r.title}\n${r.content}`),
      );
      for (let i = 0; i < rows.length; i += 1) {
        await db
          .update(aiPassages)
          .set({ embedding: vectors[i], embedAfter: null })
          .where(sql`${aiPassages.id} = ${rows[i].id}`);
      }
    },
  };
}

/** Passages written before the endpoint was configured are queued once when the job starts. */
export async function queueMissingEmbeddings(db: Db): Promise<void> {
  await db
    .update(aiPassages)
    .set({ embedAfter: new Date() })
    .where(and(isNull(aiPassages.embedding), isNull(aiPassages.embedAfter)));
}
