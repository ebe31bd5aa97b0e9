// The files of conversations (chat_files): an agent's attachment, checked against the channel's rules before a byte
// is stored, and read back only by the people of its conversation (chats.media hands them a signed link).
import { createHash, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { checkChatMedia, SMS_NO_FILES, type ChatMediaKind, type MediaChannel } from "../../../contract/domain/media";
import { MSG } from "../../../contract/messages";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/sql";
import { chatFiles } from "../../db/schema";
import { badRequest, HttpError, notFound } from "../../http/errors";
import { sniffMedia, type Storage } from "../../storage";
import { isUuid } from "../caller";
import { StorageFailure } from "../uploads/store";
import type { ConversationRow } from "./records";

export type ChatFileRow = typeof chatFiles.$inferSelect;

/** A file that passed its channel's rules, not stored yet. */
export interface CheckedChatFile {
  bytes: Buffer;
  mimeType: string;
  kind: ChatMediaKind;
  animated: boolean;
  fileName: string;
}

export const mediaChannelOf = (conversation: Pick<ConversationRow, "channel">): MediaChannel | null =>
  conversation.channel === "whatsapp" || conversation.channel === "rcs" ? conversation.channel : null;

/** The sender's file name without folders or control characters: only ever shown. */
export function displayName(raw: string, fallback = "file"): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base || fallback).slice(0, 200);
}

/** Reads the type from the bytes and applies the conversation's channel rules; SMS takes no files at all. */
export async function checkChatFile(
  conversation: Pick<ConversationRow, "channel">,
  bytes: Buffer,
  name: string,
): Promise<CheckedChatFile> {
  const channel = mediaChannelOf(conversation);
  if (!channel) throw new HttpError(422, SMS_NO_FILES);
  if (bytes.length === 0)
    throw badRequest("The file is empty", [{ field: "fileContent", message: "The file is empty" }]);
  const sniffed = await sniffMedia(bytes);
  const verdict = checkChatMedia(channel, sniffed.mimeType, bytes.length, sniffed.animated);
  if (!verdict.ok) throw badRequest(verdict.message, [{ field: "fileContent", message: verdict.message }]);
  return {
    bytes,
    mimeType: sniffed.mimeType ?? "application/octet-stream",
    kind: verdict.kind,
    animated: sniffed.animated,
    fileName: displayName(name),
  };
}

/**
 * Stores the bytes, then the row; a row that cannot be written takes the stored object with it. `used`: a message
 * carries the file from the start (a customer's media); an agent's attachment is used when a message sends it.
 */
export async function saveChatFile(
  db: Db,
  storage: Storage,
  conversation: Pick<ConversationRow, "id" | "userId">,
  file: CheckedChatFile,
  used = false,
): Promise<ChatFileRow> {
  const id = randomUUID();
  const storageKey = `${conversation.userId}/chat/${id}`;
  try {
    await storage.put(storageKey, file.bytes, file.mimeType);
  } catch (error) {
    throw new StorageFailure(MSG.uploadTemplateMedia, error);
  }
  try {
    const [row] = await db
      .insert(chatFiles)
      .values({
        id,
        userId: conversation.userId,
        conversationId: conversation.id,
        storageKey,
        mimeType: file.mimeType,
        fileName: file.fileName,
        size: file.bytes.length,
        sha256: createHash("sha256").update(file.bytes).digest("hex"),
        animated: file.animated,
        usedAt: used ? new Date() : null,
      })
      .returning();
    if (!row) throw new Error("chat file row not written");
    return row;
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** A file of this conversation, or 404 (another conversation's, another account's, a malformed id). */
export async function findChatFile(db: Db, conversationId: string, fileId: string): Promise<ChatFileRow> {
  const [row] = isUuid(fileId)
    ? await db
        .select()
        .from(chatFiles)
        .where(and(eq(chatFiles.id, fileId), eq(chatFiles.conversationId, conversationId)))
    : [];
  if (!row) throw notFound("File not found");
  return row;
}

export async function chatFileById(db: Db, fileId: string): Promise<ChatFileRow | undefined> {
  if (!isUuid(fileId)) return undefined;
  return (await db.select().from(chatFiles).where(eq(chatFiles.id, fileId)))[0];
}

/**
 * Marks an attachment as carried by a message, in the message's transaction; false when the expiry job took it
 * meanwhile (the message must not be written then).
 */
export async function markChatFileUsed(tx: Tx, fileId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(chatFiles)
    .set({ usedAt: sql`coalesce(${chatFiles.usedAt}, ${at})` })
    .where(eq(chatFiles.id, fileId))
    .returning({ id: chatFiles.id });
  return rows.length > 0;
}

/** The whole file (sending it to the carrier). */
export async function chatFileBytes(storage: Storage, row: ChatFileRow): Promise<Buffer> {
  const stream = await storage.get(row.storageKey);
  if (!stream) throw new HttpError(404, "File not found");
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Where the thread reads a file: the conversation's own path (chats.media answers a signed link for it). */
export const chatFilePath = (conversationId: string, fileId: string) =>
  `/api/v1/chats/${conversationId}/media/${fileId}`;

/** What a message's body keeps of its file. */
export const fileBody = (conversationId: string, row: ChatFileRow) => ({
  fileId: row.id,
  mediaUrl: chatFilePath(conversationId, row.id),
  mimeType: row.mimeType,
  fileName: row.fileName,
  size: row.size,
});
