import { callerOf } from "../../auth/guard";
import { readFilters, type LogQuery } from "../../services/message-log/filters";
import { messageLogCsv } from "../../services/message-log/export";
import { findLogExport, queueLogExport } from "../../services/message-log/export-job";
import { CONTENT_TYPE } from "../../services/reports/files";
import { toReportRecords } from "../../services/reports/records";
import { REPORT_DEFAULT_FORMAT } from "../../../contract/domain/reports";
import { gone, notDownloadable } from "../reports";
import { messageLogPage } from "../../services/message-log/list";
import { linkKeyOf } from "../../services/links/code";
import { logAccountOf, ownLogScope } from "../../services/message-log/scope";
import { sendDownload } from "../campaigns";
import type { Handlers } from "../context";

// The message log (issue 37): the signed-in account's own, and one customer's for an admin or its reseller. Every
// query is read and checked (readFilters) before any SQL, and every statement is scoped to the one owner.

const CSV = "text/csv; charset=utf-8";
const fileName = () => `message-log-${new Date().toISOString().slice(0, 10)}.csv`;

/** The filters without paging: the export walks every page itself. */
function exportFilters(query: LogQuery) {
  const { cursor: _cursor, limit: _limit, ...filters } = readFilters({ ...query, cursor: undefined });
  return filters;
}

const QUEUED = "Export queued: the file is written in the background";

export const messageLogHandlers: Handlers = {
  "messageLog.list": async (request, _reply, { db, secret }) => {
    const caller = callerOf(request);
    const page = await messageLogPage(
      db,
      caller.id,
      ownLogScope(caller, readFilters(request.query)),
      linkKeyOf(secret()),
    );
    return { success: true, data: page.rows, nextCursor: page.nextCursor };
  },

  "messageLog.export": async (request, reply, { db, secret }) => {
    const caller = callerOf(request);
    const filters = ownLogScope(caller, exportFilters(request.query));
    return sendDownload(reply, messageLogCsv(db, caller.id, filters, linkKeyOf(secret())), CSV, fileName());
  },

  "messageLog.accountList": async (request, _reply, { db, secret }) => {
    const { accountId, ...query } = request.query;
    const filters = readFilters(query);
    const owner = await logAccountOf(db, callerOf(request), accountId);
    const page = await messageLogPage(db, owner, filters, linkKeyOf(secret()));
    return { success: true, data: page.rows, nextCursor: page.nextCursor };
  },

  "messageLog.accountExport": async (request, reply, { db, secret }) => {
    const { accountId, ...query } = request.query;
    const filters = exportFilters(query);
    const owner = await logAccountOf(db, callerOf(request), accountId);
    return sendDownload(reply, messageLogCsv(db, owner, filters, linkKeyOf(secret())), CSV, fileName());
  },

  "messageLog.exportJob": async (request, reply, { db }) => {
    const { format, ...query } = request.query;
    const caller = callerOf(request);
    const row = await queueLogExport(db, caller, caller.id, query, format ?? REPORT_DEFAULT_FORMAT);
    const [data] = await toReportRecords(db, [row]);
    reply.status(201);
    return { success: true, message: QUEUED, data };
  },

  "messageLog.accountExportJob": async (request, reply, { db }) => {
    const { accountId, format, ...query } = request.query;
    const caller = callerOf(request);
    const owner = await logAccountOf(db, caller, accountId);
    const row = await queueLogExport(db, caller, owner, query, format ?? REPORT_DEFAULT_FORMAT);
    const [data] = await toReportRecords(db, [row]);
    reply.status(201);
    return { success: true, message: QUEUED, data };
  },

  "messageLog.exportStatus": async (request, _reply, { db }) => {
    const row = await findLogExport(db, callerOf(request), request.params.id);
    const [data] = await toReportRecords(db, [row]);
    return { success: true, data };
  },

  "messageLog.exportDownload": async (request, reply, { db, storage }) => {
    const row = await findLogExport(db, callerOf(request), request.params.id);
    const refusal = notDownloadable(row);
    if (refusal) throw refusal;
    const file = row.fileKey ? await storage.get(row.fileKey) : null;
    if (!file) throw gone("This export's file is no longer available. Export again.");
    if (row.fileSize !== null) reply.header("content-length", String(row.fileSize));
    return sendDownload(reply, file, CONTENT_TYPE[row.format], row.fileName ?? `message-log.${row.format}`);
  },
};
