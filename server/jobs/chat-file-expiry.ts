// Attachments an agent uploaded but no message carries (removed from the composer, or never sent) go a day after the
// upload: the row first, and only while still unused (a send marks the file used in its own transaction, so a send and
// this job never both win), then the stored bytes. A process dying in between leaves bytes without a row, never a
// message whose file is gone.
import { and, eq, isNull, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { CHAT_FILE_UNUSED_HOURS } from "../../contract/domain/media";
import type { ClaimJob } from "../db/claim-loop";
import type { Db } from "../db/client";
import { chatFiles } from "../db/schema";
import type { Storage } from "../storage";

export const CHAT_FILE_EXPIRY_JOB = "chat-file-expiry";

interface Unused {
  id: string;
  storageKey: string;
}

export function chatFileExpiryJob(o: { db: Db; storage: Storage; log: FastifyBaseLogger }): ClaimJob<Unused> {
  return {
    name: CHAT_FILE_EXPIRY_JOB,
    claim: (tx, now, limit) =>
      tx
        .select({ id: chatFiles.id, storageKey: chatFiles.storageKey })
        .from(chatFiles)
        .where(
          and(
            isNull(chatFiles.usedAt),
            lte(chatFiles.createdAt, new Date(now.getTime() - CHAT_FILE_UNUSED_HOURS * 3_600_000)),
          ),
        )
        .orderBy(chatFiles.createdAt)
        .limit(limit)
        .for("update", { skipLocked: true }),
    process: async (file) => {
      const gone = await o.db
        .delete(chatFiles)
        .where(and(eq(chatFiles.id, file.id), isNull(chatFiles.usedAt)))
        .returning({ id: chatFiles.id });
      if (!gone.length) return;
      await o.storage
        .delete(file.storageKey)
        .catch((err: unknown) => o.log.error({ err, key: file.storageKey }, "unused chat file left in storage"));
    },
  };
}
