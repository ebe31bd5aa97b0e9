import { callerOf } from "../../auth/guard";
import { HttpError } from "../../http/errors";
import { pageWindow } from "../../services/paging";
import { verifyLink } from "../../services/uploads/links";
import {
  checkUpload,
  deleteUpload,
  findOwnUpload,
  findUpload,
  listUploads,
  saveUpload,
  toUploadRecord,
} from "../../services/uploads/store";
import type { Handlers } from "../context";
import { logStorageFailure } from "./log-storage-failure";
import { readMultipart } from "./multipart-form";
import { sendFile } from "./serve";
import { wabaMediaHandlers } from "./waba-media";

export const uploadHandlers: Handlers = {
  ...wabaMediaHandlers,

  "uploads.list": async (request, _reply, { db, secret }) =>
    listUploads(db, callerOf(request), pageWindow(request.query), request.query.channel, secret()),

  "uploads.create": async (request, reply, { db, storage, secret }) => {
    const caller = callerOf(request);
    const { fields, file } = await readMultipart(request, "upload-create", "fileContent");
    const media = await checkUpload(fields.channel, file.bytes, file.name, "fileContent");
    const row = await logStorageFailure(request, () => saveUpload(db, storage, caller, media));
    reply.status(201);
    return { success: true, message: "File uploaded", data: toUploadRecord(row, secret()) };
  },

  "uploads.delete": async (request, _reply, { db, storage }) => {
    await logStorageFailure(request, () =>
      deleteUpload(db, storage, callerOf(request), request.params.id, request.body.channel),
    );
    return { success: true, message: "File deleted" };
  },

  "uploads.file": async (request, reply, { db, storage }) => {
    const row = await findOwnUpload(db, callerOf(request), request.params.id);
    return sendFile(reply, storage, row, "private, no-cache");
  },

  "uploads.signedFile": async (request, reply, { db, storage, secret }) => {
    const { exp, sig } = request.query;
    const verdict = verifyLink(secret(), request.params.id, exp, sig);
    if (verdict === "bad-signature") throw new HttpError(403, "This link is not valid");
    if (verdict === "expired") throw new HttpError(403, "This link has expired");
    // Signed but deleted since: the link names a file that no longer exists.
    const row = await findUpload(db, request.params.id);
    if (!row) throw new HttpError(404, "Media not found");
    return sendFile(reply, storage, row, "private, max-age=3600");
  },
};
