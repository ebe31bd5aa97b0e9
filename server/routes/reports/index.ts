import { MSG } from "../../../contract/messages";
import { REPORT_DEFAULT_FORMAT, type ReportChannel } from "../../../contract/domain/reports";
import { callerOf } from "../../auth/guard";
import { conflict, HttpError } from "../../http/errors";
import { CONTENT_TYPE } from "../../services/reports/files";
import { deleteReport, listReports } from "../../services/reports/list";
import { findReport, type ReportRow } from "../../services/reports/reach";
import { effectiveStatus, progressOf, toReportRecords } from "../../services/reports/records";
import { queueReport } from "../../services/reports/request";
import { pageWindow, totalPages } from "../../services/paging";
import { sendDownload } from "../campaigns";
import type { Handlers } from "../context";

export const gone = (message: string) => new HttpError(410, message);
const day = (at: Date | null) => (at ? at.toISOString().replace("T", " ").slice(0, 16) : "");

/** Why a report's file cannot be downloaded now, or null when it can. */
export function notDownloadable(row: ReportRow): HttpError | null {
  const status = effectiveStatus(row);
  if (status === "expired")
    return gone(`This report expired on ${day(row.expiresAt)} UTC and its file was deleted. Generate it again.`);
  if (status === "failed") return conflict(`This report failed: ${row.failureReason ?? MSG.somethingWrong}`);
  if (status !== "ready") return conflict(`This report is not ready yet (${status}, ${progressOf(row)}%).`);
  return null;
}

export const reportHandlers: Handlers = {
  "reports.generate": async (request, reply, { db }) => {
    const { from, to, channel, campaignId } = request.params;
    const row = await queueReport(db, callerOf(request), {
      from,
      to,
      channel: channel as ReportChannel,
      campaignId,
      detailed: request.query.detailedCampaignReport,
      format: request.query.format ?? REPORT_DEFAULT_FORMAT,
    });
    const [data] = await toReportRecords(db, [row]);
    reply.status(201);
    return { success: true, message: "Report queued: it is generated in the background", data };
  },

  "reports.list": async (request, _reply, { db }) => {
    const window = pageWindow(request.query);
    const channel =
      request.query.channel && request.query.channel !== "all" ? (request.query.channel as ReportChannel) : undefined;
    const { records, total } = await listReports(db, callerOf(request), channel, window);
    return { success: true, data: records, total, totalPages: totalPages(total, window.limit), page: window.page };
  },

  "reports.details": async (request, _reply, { db }) => {
    const row = await findReport(db, callerOf(request), request.params.id);
    const [data] = await toReportRecords(db, [row]);
    return { success: true, data };
  },

  "reports.download": async (request, reply, { db, storage }) => {
    const row = await findReport(db, callerOf(request), request.params.id);
    const refusal = notDownloadable(row);
    if (refusal) throw refusal;
    const file = row.fileKey ? await storage.get(row.fileKey) : null;
    if (!file) throw gone("This report's file is no longer available. Generate it again.");
    if (row.fileSize !== null) reply.header("content-length", String(row.fileSize));
    return sendDownload(reply, file, CONTENT_TYPE[row.format], row.fileName ?? `report.${row.format}`);
  },

  "reports.delete": async (request, _reply, { db, storage }) => {
    await deleteReport(db, storage, callerOf(request), request.params.id);
    return { success: true, message: "Report deleted" };
  },
};
