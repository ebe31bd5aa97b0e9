import { callerOf } from "../../auth/guard";
import { HttpError, badRequest } from "../../http/errors";
import { readDndFile, upsertDnd } from "../../services/dnd/import";
import { listDnd, removeDnd } from "../../services/dnd/list";
import { pageWindow, totalPages } from "../../services/paging";
import type { Handlers } from "../context";

const addedMessage = (n: number) => `${n} ${n === 1 ? "number" : "numbers"} added to the DND list`;

export const dndHandlers: Handlers = {
  "dnd.list": async (request, _reply, { db }) => {
    const window = pageWindow(request.query);
    const { records, total, counts } = await listDnd(db, callerOf(request).id, request.query.q, window);
    return { success: true, data: records, total, totalPages: totalPages(total, window.limit), counts };
  },

  "dnd.import": async (request, reply, { db }) => {
    if (!request.isMultipart())
      throw badRequest("Send the file as multipart/form-data", [{ field: "file", message: "is required" }]);
    const part = await request.file();
    if (!part || part.fieldname !== "file")
      throw badRequest("file: is required", [{ field: "file", message: "is required" }]);
    let file;
    try {
      file = await readDndFile(part.file, part.filename);
    } finally {
      part.file.resume(); // whatever the reader left unread, so the request ends
    }
    // A truncated file is refused whole: nothing of it is written.
    if (part.file.truncated) throw new HttpError(413, "The file is too large");
    const added = await upsertDnd(db, callerOf(request).id, file.entries, "import", part.filename.slice(0, 200));
    reply.status(201);
    return { success: true, message: addedMessage(added), added, invalid: file.collector.invalid };
  },

  "dnd.remove": async (request, _reply, { db }) => {
    const number = await removeDnd(db, callerOf(request).id, request.params.id);
    return { success: true, message: `${number} removed from the DND list` };
  },
};
