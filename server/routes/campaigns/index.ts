import type { FastifyReply } from "fastify";
import type { Readable } from "node:stream";
import type { CampaignChannel } from "../../../contract/constants";
import type { CampaignStatus } from "../../../contract/domain/campaigns";
import { callerOf } from "../../auth/guard";
import { badRequest } from "../../http/errors";
import { attachmentHeader, safeFileName } from "../../services/campaigns/csv-safe";
import { campaignWorkbook, recipientsCsv } from "../../services/campaigns/downloads";
import { listCampaigns, searchCampaigns } from "../../services/campaigns/list";
import { toE164 } from "../../services/campaigns/phone";
import { findCampaign } from "../../services/campaigns/reach";
import { toCampaignRecords } from "../../services/campaigns/records";
import { searchWithin } from "../../services/campaigns/recipients";
import { campaignReport, numberHistory } from "../../services/campaigns/report";
import { pageWindow, totalPages } from "../../services/paging";
import type { Handlers } from "../context";
import { responsesReply, smsCampaignReadHandlers, wabaCampaignReadHandlers } from "./channel-reads";

// The campaign reads of every channel: lists, one campaign, search, responses, the status report, a number's
// history and the downloads. Creating, sending and control are elsewhere.

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A download streamed to the client, never cached (a report changes while its campaign runs). */
export function sendDownload(reply: FastifyReply, body: Readable, type: string, fileName: string): FastifyReply {
  return reply
    .header("content-type", type)
    .header("content-disposition", attachmentHeader(fileName))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(body);
}

export const campaignReadHandlers: Handlers = {
  ...smsCampaignReadHandlers,
  ...wabaCampaignReadHandlers,

  "campaigns.list": async (request, _reply, { db }) => {
    const { channel, status, botId, templateName, userIds } = request.query;
    const window = pageWindow(request.query);
    const only = channel && channel !== "all" ? (channel as CampaignChannel) : undefined;
    const { records, total } = await listCampaigns(
      db,
      callerOf(request),
      { channel: only, status: status as CampaignStatus | undefined, botId, templateName, userIds },
      window,
    );
    return {
      success: true,
      campaigns: records,
      totalPages: totalPages(total, window.limit),
      totalCampaigns: total,
      campaignStats: records.map((c) => ({ campaignId: c._id, stats: c.counts })),
      channel: only ?? "all",
    };
  },

  "campaigns.get": async (request, _reply, { db }) => {
    const row = await findCampaign(db, callerOf(request), request.params.id);
    const [data] = await toCampaignRecords(db, [row]);
    return { success: true, data };
  },

  "campaigns.search": async (request, _reply, { db }) => ({
    success: true,
    campaigns: await searchCampaigns(db, callerOf(request), request.query.query),
  }),

  "campaigns.searchWithin": async (request, _reply, { db }) => {
    const campaign = await findCampaign(db, callerOf(request), request.params.id);
    return { success: true, data: await searchWithin(db, campaign.id, request.query.number) };
  },

  "campaigns.responses": async (request, _reply, { db }) => {
    const campaign = await findCampaign(db, callerOf(request), request.query.campaignId);
    return responsesReply(db, campaign.id, request.query);
  },

  "campaigns.status": async (request, _reply, { db }) => {
    const campaign = await findCampaign(db, callerOf(request), request.params.id);
    return { success: true, data: await campaignReport(db, campaign) };
  },

  "campaigns.numberHistory": async (request, _reply, { db }) => {
    const number = toE164(request.query.number);
    if (!number)
      throw badRequest("Enter a valid phone number", [{ field: "number", message: "is not a valid phone number" }]);
    return { success: true, data: await numberHistory(db, callerOf(request).id, number) };
  },

  "campaigns.downloadNumbers": async (request, reply, { db }) => {
    const campaign = await findCampaign(db, callerOf(request), request.params.id);
    return sendDownload(
      reply,
      recipientsCsv(db, campaign.id),
      "text/csv; charset=utf-8",
      safeFileName(`${campaign.name}-numbers`, "csv"),
    );
  },

  "campaigns.downloadExcel": async (request, reply, { db }) => {
    const campaign = await findCampaign(db, callerOf(request), request.query.campaignId);
    const [record] = await toCampaignRecords(db, [campaign]);
    return sendDownload(
      reply,
      campaignWorkbook(db, record),
      XLSX_TYPE,
      safeFileName(`${campaign.name}-report`, "xlsx"),
    );
  },
};
