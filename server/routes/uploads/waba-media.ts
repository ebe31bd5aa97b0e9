// The WhatsApp media uploads (SPEC 7) live with the uploads: they store the file like /api/upload/aws-upload and
// also hand it to the carrier, answering the provider's handle.
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { callerOf } from "../../auth/guard";
import { MediaRefused } from "../../carriers/media-refused";
import type { Db } from "../../db/client";
import { wabas } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import type { Caller } from "../../services/caller";
import { checkUpload, saveUpload, toUploadRecord, type CheckedMedia } from "../../services/uploads/store";
import type { Handlers, RouteContext } from "../context";
import { logStorageFailure } from "./log-storage-failure";
import { readMultipart } from "./multipart-form";

/** The caller's own WABA; another account's answers 404 like a missing one. */
async function ownWaba(db: Db, caller: Caller, wabaId: string): Promise<string> {
  const [row] = await db
    .select({ wabaId: wabas.wabaId })
    .from(wabas)
    .where(and(eq(wabas.wabaId, wabaId), eq(wabas.userId, caller.id)));
  if (!row) throw notFound("WhatsApp Business Account not found");
  return row.wabaId;
}

/** The carrier first (a refusal leaves nothing stored), then our copy. */
async function handOver(
  request: FastifyRequest,
  ctx: RouteContext,
  caller: Caller,
  wabaId: string,
  media: CheckedMedia,
) {
  let handle: string;
  try {
    ({ handle } = await ctx.carrier.uploadMedia({
      channel: "whatsapp",
      owner: wabaId,
      bytes: media.bytes,
      mimeType: media.mimeType,
      fileName: media.originalName,
    }));
  } catch (error) {
    if (error instanceof MediaRefused)
      throw badRequest(`file: ${error.message}`, [{ field: "file", message: error.message }]);
    throw error;
  }
  const row = await logStorageFailure(request, () => saveUpload(ctx.db, ctx.storage, caller, media));
  return {
    success: true as const,
    message: "Media uploaded",
    data: { handle, upload: toUploadRecord(row, ctx.secret()) },
  };
}

export const wabaMediaHandlers: Handlers = {
  "waba.media.upload": async (request, reply, ctx) => {
    const caller = callerOf(request);
    const { fields, file } = await readMultipart(request, "waba-media-upload", "file");
    const wabaId = await ownWaba(ctx.db, caller, fields.waba_id);
    const media = await checkUpload("whatsapp", file.bytes, file.name, "file");
    const answer = await handOver(request, ctx, caller, wabaId, media);
    reply.status(201);
    return answer;
  },

  "waba.media.uploadSession": async (request, reply, ctx) => {
    const caller = callerOf(request);
    const { fields, file } = await readMultipart(request, "waba-media-session", "file");
    const wabaId = await ownWaba(ctx.db, caller, fields.waba_id);
    const media = await checkUpload("whatsapp", file.bytes, fields.file_name, "file");
    // Meta is told the type; a declared type that differs from the bytes is a mistake (or a disguise) to refuse.
    if (fields.file_type !== media.mimeType) {
      const message = `is ${fields.file_type} but the file's bytes are ${media.mimeType}`;
      throw badRequest(`file_type: ${message}`, [{ field: "file_type", message }]);
    }
    const answer = await handOver(request, ctx, caller, wabaId, media);
    reply.status(201);
    return answer;
  },
};
