import type { FastifyRequest } from "fastify";
import { maxChatBytes, sizeText, SMS_NO_FILES } from "../../../contract/domain/media";
import { callerOf } from "../../auth/guard";
import { badRequest, HttpError } from "../../http/errors";
import { findConversation } from "../../services/chats/conversations";
import { chatFileById, checkChatFile, findChatFile, mediaChannelOf, saveChatFile } from "../../services/chats/files";
import { chatWorkspace } from "../../services/chats/workspace";
import { signedChatFilePath, verifyChatFileLink } from "../../services/uploads/links";
import type { Handlers } from "../context";
import { attachment } from "../uploads/serve";
import { logStorageFailure } from "../uploads/log-storage-failure";

/**
 * The one file of the form, read into memory up to the channel's own largest file (a 20 MB upload to a WhatsApp
 * conversation stops at 100 MB, an RCS one likewise; the type's own limit is checked once the bytes are sniffed).
 * Nothing is stored before the checks.
 */
async function readFile(request: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart())
    throw badRequest("Send the file as multipart/form-data", [{ field: "fileContent", message: "is required" }]);
  let file: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "fileContent")
        throw badRequest(`${part.fieldname}: is not allowed`, [
          { field: part.fieldname, message: "is not allowed; send the file as fileContent" },
        ]);
      file = { bytes: await part.toBuffer(), name: part.filename };
    }
  } catch (error) {
    const errors = request.server.multipartErrors;
    if (error instanceof errors.RequestFileTooLargeError)
      throw new HttpError(413, `The file is larger than ${sizeText(maxBytes)}, the most this channel accepts`);
    if (error instanceof errors.FilesLimitError) throw new HttpError(413, "Send one file per request");
    throw error;
  }
  if (!file) throw badRequest("fileContent: is required", [{ field: "fileContent", message: "is required" }]);
  return file;
}

/** Types the browser may show in place: the channels' media, never SVG or HTML (they would run in our origin). */
const INLINE = /^(image\/(jpeg|png|gif|webp)|video\/(mp4|3gpp|webm|mpeg|x-m4v)|audio\/(aac|amr|mpeg|mp4|ogg))$/;

export const attachmentHandlers: Handlers = {
  "chats.attach": async (request, reply, { db, storage }) => {
    const ws = await chatWorkspace(db, callerOf(request));
    const conversation = await findConversation(db, ws, request.params.id);
    const channel = mediaChannelOf(conversation);
    if (!channel) throw new HttpError(422, SMS_NO_FILES);
    const raw = await readFile(request, maxChatBytes(channel));
    const checked = await checkChatFile(conversation, raw.bytes, raw.name);
    const row = await logStorageFailure(request, () => saveChatFile(db, storage, conversation, checked));
    reply.status(201);
    return {
      success: true,
      data: {
        attachmentId: row.id,
        kind: checked.kind,
        mimeType: row.mimeType,
        fileName: row.fileName,
        size: row.size,
      },
    };
  },

  "chats.media": async (request, _reply, { db, secret }) => {
    // Only the people who may read the conversation (its owner; its agent, or the team while unassigned) get a link.
    const ws = await chatWorkspace(db, callerOf(request));
    const conversation = await findConversation(db, ws, request.params.id);
    const row = await findChatFile(db, conversation.id, request.params.fileId);
    return { success: true, data: { url: signedChatFilePath(secret(), row.id) } };
  },

  "chats.file": async (request, reply, { db, storage, secret }) => {
    const { exp, sig } = request.query;
    const verdict = verifyChatFileLink(secret(), request.params.id, exp, sig);
    if (verdict === "bad-signature") throw new HttpError(403, "This link is not valid");
    if (verdict === "expired") throw new HttpError(403, "This link has expired");
    const row = await chatFileById(db, request.params.id);
    const stream = row ? await storage.get(row.storageKey) : null;
    if (!row || !stream) throw new HttpError(404, "File not found");
    // Images, video and audio play inline; documents download (a PDF opened inline would run in our origin's viewer).
    const inline = INLINE.test(row.mimeType);
    return reply
      .header("content-type", row.mimeType)
      .header("content-length", row.size)
      .header("x-content-type-options", "nosniff")
      .header("content-disposition", inline ? "inline" : attachment(row.fileName))
      .header("cache-control", "private, max-age=3600")
      .send(stream);
  },
};
