import { createHash, randomUUID } from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import type { UploadRecord } from "../../../contract/calls/uploads";
import { checkMedia, type MediaChannel, type MediaKind } from "../../../contract/domain/media";
import { MSG } from "../../../contract/messages";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import { badRequest, HttpError, notFound } from "../../http/errors";
import type { Storage } from "../../storage";
import { sniffMimeType } from "../../storage";
import { isUuid, type Caller } from "../caller";
import { totalPages, type pageWindow } from "../paging";
import { signedPath } from "./links";

/** The store failed (disk full, S3 down): the caller sees SPEC 8's message, the log gets `reason`. */
export class StorageFailure extends HttpError {
  constructor(
    message: string,
    readonly reason: unknown,
  ) {
    super(500, message);
  }
}

type Row = typeof uploads.$inferSelect;
type Page = ReturnType<typeof pageWindow>;

function kindOf(channel: MediaChannel, mimeType: string): MediaKind {
  const verdict = checkMedia(channel, mimeType, 1);
  return verdict.ok ? verdict.kind : "document";
}

export function toUploadRecord(row: Row, secret: string): UploadRecord {
  const channel = row.channel as MediaChannel;
  return {
    _id: row.id,
    channel,
    name: row.originalName,
    mimeType: row.mimeType,
    kind: kindOf(channel, row.mimeType),
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    url: signedPath(secret, row.id),
  };
}

/** A file that passed the channel's rules: its bytes and what was read from them. */
export interface CheckedMedia {
  channel: MediaChannel;
  bytes: Buffer;
  mimeType: string;
  kind: MediaKind;
  /** Display only. */
  originalName: string;
}

/** Reads the type from the bytes and applies the channel's rules; the field named in the errors is `field`. */
export async function checkUpload(
  channel: MediaChannel,
  bytes: Buffer,
  originalName: string,
  field: string,
): Promise<CheckedMedia> {
  if (bytes.length === 0) throw badRequest(`${field}: The file is empty`, [{ field, message: "The file is empty" }]);
  const mimeType = await sniffMimeType(bytes);
  const verdict = checkMedia(channel, mimeType, bytes.length);
  if (!verdict.ok) throw badRequest(`${field}: ${verdict.message}`, [{ field, message: verdict.message }]);
  // A file type is known here: checkMedia accepts only listed types.
  return {
    channel,
    bytes,
    mimeType: mimeType ?? "application/octet-stream",
    kind: verdict.kind,
    originalName: displayName(originalName),
  };
}

/** The uploader's file name without folders or control characters, kept short: it is only ever shown. */
function displayName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (base || "file").slice(0, 255);
}

/**
 * Stores the bytes, then the row; if the row cannot be written the stored object is removed again, so a refused or
 * failed upload leaves nothing behind.
 */
export async function saveUpload(db: Db, storage: Storage, caller: Caller, media: CheckedMedia): Promise<Row> {
  const id = randomUUID();
  const storageKey = `${caller.id}/${id}`;
  try {
    await storage.put(storageKey, media.bytes, media.mimeType);
  } catch (error) {
    throw new StorageFailure(MSG.uploadTemplateMedia, error);
  }
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        id,
        userId: caller.id,
        channel: media.channel,
        storageKey,
        originalName: media.originalName,
        mimeType: media.mimeType,
        size: media.bytes.length,
        sha256: createHash("sha256").update(media.bytes).digest("hex"),
      })
      .returning();
    return row;
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function listUploads(
  db: Db,
  caller: Caller,
  page: Page,
  channel: MediaChannel | undefined,
  secret: string,
) {
  const where = and(eq(uploads.userId, caller.id), channel ? eq(uploads.channel, channel) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(uploads)
      .where(where)
      .orderBy(desc(uploads.createdAt), desc(uploads.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(uploads).where(where),
  ]);
  return {
    success: true as const,
    count: total,
    page: page.page,
    limit: page.limit,
    totalPages: totalPages(total, page.limit),
    data: rows.map((row) => toUploadRecord(row, secret)),
  };
}

/** The caller's own file; anything else (another account's, a malformed id) is the same 404. */
export async function findOwnUpload(db: Db, caller: Caller, id: string): Promise<Row> {
  const row = isUuid(id)
    ? (
        await db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, id), eq(uploads.userId, caller.id)))
      )[0]
    : undefined;
  if (!row) throw notFound("Media not found");
  return row;
}

export async function findUpload(db: Db, id: string): Promise<Row | undefined> {
  if (!isUuid(id)) return undefined;
  return (await db.select().from(uploads).where(eq(uploads.id, id)))[0];
}

/**
 * Removes the row and the stored object together: the object is deleted inside the row's transaction, so a storage
 * failure rolls the row back and the file stays listed (and can be deleted again).
 */
export async function deleteUpload(
  db: Db,
  storage: Storage,
  caller: Caller,
  id: string,
  channel: MediaChannel,
): Promise<void> {
  const row = await findOwnUpload(db, caller, id);
  if (row.channel !== channel) throw notFound("Media not found");
  await db.transaction(async (tx) => {
    await tx.delete(uploads).where(eq(uploads.id, row.id));
    try {
      await storage.delete(row.storageKey);
    } catch (error) {
      throw new StorageFailure(MSG.deleteMedia, error);
    }
  });
}
