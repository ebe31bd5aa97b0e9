import { callerOf } from "../../auth/guard";
import { HttpError, badRequest } from "../../http/errors";
import { pageWindow, totalPages } from "../../services/paging";
import { readSuppressionFile } from "../../services/suppressions/import";
import {
  addSuppressions,
  collectPasted,
  listSuppressions,
  removeSuppression,
  suppressionsCsv,
} from "../../services/suppressions/list";
import { sendDownload } from "../campaigns";
import type { Handlers } from "../context";

const addedMessage = (n: number) => `${n} ${n === 1 ? "number" : "numbers"} added to the suppression list`;

export const suppressionHandlers: Handlers = {
  "suppressions.list": async (request, _reply, { db }) => {
    const window = pageWindow(request.query);
    const { records, total } = await listSuppressions(db, callerOf(request).id, request.query.q, window);
    return { success: true, data: records, total, totalPages: totalPages(total, window.limit) };
  },

  "suppressions.add": async (request, reply, { db }) => {
    const collected = collectPasted(request.body.numbers);
    const added = await addSuppressions(
      db,
      callerOf(request).id,
      collected.numbers,
      request.body.reason?.trim() || "Added by hand",
      "manual",
    );
    reply.status(201);
    return { success: true, message: addedMessage(added), added, invalid: collected.invalid };
  },

  "suppressions.import": async (request, reply, { db }) => {
    if (!request.isMultipart())
      throw badRequest("Send the file as multipart/form-data", [{ field: "file", message: "is required" }]);
    const part = await request.file();
    if (!part || part.fieldname !== "file")
      throw badRequest("file: is required", [{ field: "file", message: "is required" }]);
    let collected;
    try {
      collected = await readSuppressionFile(part.file, part.filename);
    } finally {
      part.file.resume(); // whatever the reader left unread, so the request ends
    }
    if (part.file.truncated) throw new HttpError(413, "The file is too large");
    const added = await addSuppressions(
      db,
      callerOf(request).id,
      collected.numbers,
      `Imported from ${part.filename}`.slice(0, 200),
      "import",
    );
    reply.status(201);
    return { success: true, message: addedMessage(added), added, invalid: collected.invalid };
  },

  "suppressions.export": async (request, reply, { db }) =>
    sendDownload(reply, suppressionsCsv(db, callerOf(request).id), "text/csv; charset=utf-8", "suppression-list.csv"),

  "suppressions.remove": async (request, _reply, { db }) => {
    const number = await removeSuppression(db, callerOf(request).id, request.params.id);
    return { success: true, message: `${number} removed from the suppression list` };
  },
};
