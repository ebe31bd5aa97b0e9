import type { Static } from "@sinclair/typebox";
import type { PageQuery } from "../../../contract/calls";
import type { ResponsesReply } from "../../../contract/calls/campaigns-reports";
import type { CampaignStatus, RecipientState } from "../../../contract/domain/campaigns";
import { callerOf } from "../../auth/guard";
import { listCampaigns, searchCampaigns } from "../../services/campaigns/list";
import { findCampaign } from "../../services/campaigns/reach";
import { recipientsPage, searchWithin } from "../../services/campaigns/recipients";
import { pageWindow, totalPages } from "../../services/paging";
import type { Db } from "../../db/client";
import type { Handlers } from "../context";

/** A responses call's reply (all three channels): one page by number or by cursor, with the next page's cursor. */
export async function responsesReply(
  db: Db,
  campaignId: string,
  query: PageQuery & { status?: string; cursor?: string },
): Promise<Static<typeof ResponsesReply>> {
  const window = pageWindow(query);
  const { records, total, nextCursor } = await recipientsPage(
    db,
    campaignId,
    query.status as RecipientState | undefined,
    { ...window, cursor: query.cursor },
  );
  return {
    success: true,
    data: records,
    total,
    totalPages: totalPages(total, window.limit),
    page: window.page,
    nextCursor,
  };
}

// The SMS and WhatsApp channels' own campaign reads: the reads of every channel narrowed to one channel, so another
// channel's campaign id answers 404 like a missing one.

/** SMS campaign reads: the campaign reads of every channel, narrowed to SMS (another channel's id answers 404). */
export const smsCampaignReadHandlers: Handlers = {
  "sms.campaigns.list": async (request, _reply, { db }) => {
    const window = pageWindow(request.query);
    const { records, total } = await listCampaigns(
      db,
      callerOf(request),
      { channel: "sms", status: request.query.status as CampaignStatus | undefined },
      window,
    );
    return { success: true, campaigns: records, totalPages: totalPages(total, window.limit), totalCampaigns: total };
  },

  "sms.campaigns.search": async (request, _reply, { db }) => ({
    success: true,
    campaigns: await searchCampaigns(db, callerOf(request), request.query.query, "sms"),
  }),

  "sms.campaigns.searchWithin": async (request, _reply, { db }) => {
    const campaign = await findCampaign(db, callerOf(request), request.params.id, { channel: "sms" });
    return { success: true, data: await searchWithin(db, campaign.id, request.query.number) };
  },

  "sms.campaigns.responses": async (request, _reply, { db }) => {
    const campaign = await findCampaign(db, callerOf(request), request.query.campaignId, { channel: "sms" });
    return responsesReply(db, campaign.id, request.query);
  },
};

/** WhatsApp campaign reads: the campaign reads of every channel, narrowed to WhatsApp. */
export const wabaCampaignReadHandlers: Handlers = {
  "waba.campaigns.list": async (request, _reply, { db }) => {
    const window = pageWindow(request.query);
    const { records, total } = await listCampaigns(
      db,
      callerOf(request),
      { channel: "whatsapp", status: request.query.status as CampaignStatus | undefined },
      window,
    );
    return {
      success: true,
      campaigns: records,
      totalPages: totalPages(total, window.limit),
      currentPage: window.page,
      totalCampaigns: total,
    };
  },

  "waba.campaigns.responses": async (request, _reply, { db }) => {
    const campaign = await findCampaign(db, callerOf(request), request.query.campaignId, { channel: "whatsapp" });
    return responsesReply(db, campaign.id, request.query);
  },
};
