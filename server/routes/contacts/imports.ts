import { AUDIENCE_MAX_BYTES } from "../../../contract/domain/campaigns";
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from "../../../contract/domain/contact-import";
import { callerOf } from "../../auth/guard";
import { badRequest, HttpError } from "../../http/errors";
import { contactsOwner } from "../../services/contacts/owner";
import { createImport, ownImport, rejectsCsv, startImport, toImportRecord } from "../../services/contacts/imports";
import { storeAudience } from "../campaigns/audience-upload";
import { sendDownload } from "../campaigns";
import type { Handlers } from "../context";

// Contacts imports (issue 39, item 2): the file is streamed to storage by the campaign audience's upload (sniffed as
// CSV or XLSX, zip limits on the way, the size limit), then its head is read for the mapping step.

export const contactImportHandlers: Handlers = {
  "contacts.imports.upload": async (request, reply, { db, storage, config }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const maxBytes = Math.min(config.audience?.maxBytes ?? AUDIENCE_MAX_BYTES, IMPORT_MAX_BYTES);
    if (!request.isMultipart())
      throw badRequest("Send the file as multipart/form-data", [{ field: "file", message: "is required" }]);
    let part;
    try {
      // One byte over the limit lets the upload see that the file is too large (the plugin truncates at its limit).
      part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
    } catch (error) {
      if (error instanceof request.server.multipartErrors.FilesLimitError)
        throw new HttpError(413, "Send one file per request");
      throw error;
    }
    if (!part || part.fieldname !== "file")
      throw badRequest("file: is required", [{ field: "file", message: "is required" }]);
    const stored = await storeAudience(storage, part, maxBytes).catch((error: unknown) => {
      // The audience's own words name a campaign's file: this is a contacts file.
      if (error instanceof HttpError && error.statusCode === 413)
        throw new HttpError(413, IMPORT_MESSAGES.tooLarge(maxBytes));
      throw error;
    });
    const data = await createImport(db, storage, owner, callerOf(request).id, stored);
    reply.status(201);
    return { success: true, message: `${data.fileName} uploaded: map its columns`, data };
  },

  "contacts.imports.start": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const data = await startImport(db, owner, request.params.id, request.body);
    return { success: true, message: `Importing ${data.fileName}`, data };
  },

  "contacts.imports.get": async (request, _reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    return { success: true, data: toImportRecord(await ownImport(db, owner, request.params.id)) };
  },

  "contacts.imports.rejected": async (request, reply, { db }) => {
    const owner = await contactsOwner(db, callerOf(request));
    const row = await ownImport(db, owner, request.params.id);
    const name = `${row.fileName.replace(/\.[^.]*$/, "")}-rejected.csv`;
    return sendDownload(reply, rejectsCsv(db, row), "text/csv; charset=utf-8", name);
  },
};
