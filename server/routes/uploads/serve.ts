import type { FastifyReply } from "fastify";
import type { MediaChannel } from "../../../contract/domain/media";
import type { uploads } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { Storage } from "../../storage";
import { checkMedia } from "../../../contract/domain/media";

type Row = typeof uploads.$inferSelect;

/** RFC 6266: an ASCII fallback plus the UTF-8 name, so no name can break out of the header. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a stored file with the type read from its bytes at upload, nosniff, and documents as attachments (a PDF
 * opened inline would run in our origin's viewer).
 */
export async function sendFile(
  reply: FastifyReply,
  storage: Storage,
  row: Row,
  cacheControl: string,
): Promise<FastifyReply> {
  const stream = await storage.get(row.storageKey);
  if (!stream) throw new HttpError(404, "Media not found");
  const verdict = checkMedia(row.channel as MediaChannel, row.mimeType, 1);
  const inline = verdict.ok && verdict.kind !== "document";
  return reply
    .header("content-type", row.mimeType)
    .header("content-length", row.size)
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", inline ? "inline" : attachment(row.originalName))
    .header("cache-control", cacheControl)
    .send(stream);
}
