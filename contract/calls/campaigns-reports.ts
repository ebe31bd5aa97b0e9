import { Type } from "./type";
import { MSG } from "../messages";
import { ALL, campaignId, NOT_RESELLER, USER_MANAGER } from "./access";
import { PageQuery } from "./pagination";
import { CAMPAIGN_STATUSES, RECIPIENT_STATES } from "../domain/campaigns";
import { CampaignRecord, CampaignReportRecord, CampaignStatsRecord, IngestProgressRecord, RecipientRecord } from "./campaign-records";
import { FileBytes, ID, NOT_BUILT, pathParams, replies } from "./replies";
import type { CallDef } from "./types";

const text = () => Type.Optional(Type.String());
const enumText = (values: readonly string[]) => Type.Optional(Type.Unsafe<string>({ type: "string", enum: [...values] }));
/** A campaign's recipients, one page, optionally in one state (SPEC's responses calls, all three channels). */
export const Responses = Type.Object({ campaignId: Type.String(), ...PageQuery.properties, status: enumText(RECIPIENT_STATES) });
export const ResponsesReply = Type.Object({ success: Type.Literal(true), data: Type.Array(RecipientRecord), total: Type.Integer(), totalPages: Type.Integer(), page: Type.Integer() });
export const CampaignSaved = Type.Object({ success: Type.Literal(true), message: Type.String(), data: CampaignRecord });
export const CampaignFound = Type.Object({ success: Type.Literal(true), campaigns: Type.Array(CampaignRecord) });
export const WithinReply = Type.Object({ success: Type.Literal(true), data: Type.Array(RecipientRecord) });
export const CampaignStatusQuery = enumText(CAMPAIGN_STATUSES);
/** Campaign search: by name, template or sender, at most 20 matches. */
export const SearchQuery = Type.Object({ query: Type.String({ minLength: 1, maxLength: 100 }) });
/** Search within a campaign: a number or its digits. */
export const NumberQuery = Type.Object({ number: Type.String({ minLength: 1, maxLength: 20 }) });

/** SPEC 7 "Platform campaigns and reports". */
export const CAMPAIGN_REPORT_CALLS = {
  "campaigns.list": {
    method: "GET", path: "/api/v1/campaigns", access: ALL, module: "campaign", failure: MSG.fetchCampaigns,
    query: Type.Object({
      ...PageQuery.properties, botId: text(), status: CampaignStatusQuery, userIds: Type.Optional(Type.String({ description: "ids joined by ' , '" })), templateName: text(),
      channel: Type.Optional(Type.Unsafe<"rcs" | "sms" | "whatsapp" | "all">({ type: "string", enum: ["rcs", "sms", "whatsapp", "all"], description: "all channels when left out" })),
    }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true), campaigns: Type.Array(CampaignRecord), totalPages: Type.Integer(), totalCampaigns: Type.Integer(),
        campaignStats: Type.Array(CampaignStatsRecord), channel: Type.String(),
      }),
    }),
    summary: "Campaigns the caller reaches, newest first: their own, or for admins and resellers those of the accounts they reach (userIds narrows)",
  },
  "campaigns.responses": {
    method: "GET", path: "/api/campaigns/responses", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("query"), query: Responses,
    response: replies({ 200: ResponsesReply }), summary: "A campaign's recipients with their delivery state, replies and cost",
  },
  "campaigns.status": {
    method: "GET", path: "/api/reports/campaignStatus/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: CampaignReportRecord }) }), summary: "A campaign's status report: counts, error breakdown and timeline",
  },
  "campaigns.create": {
    method: "POST", path: "/api/campaigns/create-campaign", access: USER_MANAGER, module: "campaign", failure: MSG.createCampaign, bodySchema: "campaign-create-rcs", multipart: true,
    response: replies({ 201: CampaignSaved }), summary: "Create an RCS campaign from pasted numbers (JSON) or an audience file (multipart, part `file`)",
  },
  "campaigns.start": {
    method: "POST", path: "/api/campaigns/start-campaign/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), failure: MSG.startCampaign, params: ID,
    response: replies({ 200: CampaignSaved }), summary: "Start a ready campaign now (SMS outside its window is scheduled for the next window); holds its cost",
  },
  "campaigns.validatingProgress": {
    method: "GET", path: "/api/v1/reports/validating-progress/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: IngestProgressRecord }) }), summary: "How far reading the audience has come, and its report",
  },
  "campaigns.discard": {
    method: "PUT", path: "/api/campaigns/:id/discard", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), params: ID,
    response: replies({ 200: CampaignSaved }), summary: "Stop a campaign of any channel for good; what was sent stays sent, the unused hold is released",
  },
  "campaigns.search": {
    method: "GET", path: "/api/v1/campaigns/search", access: ["admin", "reseller", "user", "manager"], module: "campaign", query: SearchQuery,
    response: replies({ 200: CampaignFound }), summary: "Campaigns of any channel by name, template or sender",
  },
  "campaigns.searchWithin": {
    method: "GET", path: "/api/v1/campaigns/search/:id", access: ALL, module: "campaign", requiredIds: campaignId("path"),
    params: ID, query: NumberQuery, response: replies({ 200: WithinReply }), summary: "A campaign's recipients whose number contains the digits",
  },
  "campaigns.downloadNumbers": {
    method: "GET", path: "/api/reports/download-campaign-numbers/:id", access: ALL, module: "campaign", requiredIds: campaignId("path"), download: true, params: ID,
    response: replies({ 200: FileBytes }), summary: "CSV of the campaign's recipients and their states",
  },
  "campaigns.downloadExcel": {
    method: "GET", path: "/api/reports/download-excel", access: ALL, module: "campaign", requiredIds: campaignId("query"), download: true,
    query: Type.Object({ campaignId: Type.String() }), response: replies({ 200: FileBytes }), summary: "The campaign report as an Excel workbook",
  },
  "reports.generate": {
    method: "POST", path: "/api/v1/reports/generate/:from/:to/:channel/:campaignId", access: NOT_RESELLER, queryDefaults: { detailedCampaignReport: false }, failure: MSG.generateReport,
    params: pathParams("from", "to", "channel", "campaignId"), query: Type.Object({ detailedCampaignReport: Type.Boolean({ default: false }) }), response: NOT_BUILT,
  },
  "reports.list": {
    method: "GET", path: "/api/v1/reports/list", access: NOT_RESELLER, failure: MSG.fetchReports,
    query: Type.Object({ channel: text(), ...PageQuery.properties }), response: NOT_BUILT,
  },
  "reports.details": { method: "GET", path: "/api/v1/reports/details/:id", access: NOT_RESELLER, failure: MSG.fetchReportDetails, params: ID, response: NOT_BUILT },
  "reports.download": { method: "GET", path: "/api/v1/reports/download/:id", access: NOT_RESELLER, download: true, failure: MSG.downloadReport, params: ID, response: NOT_BUILT },
  "reports.delete": { method: "DELETE", path: "/api/v1/reports/delete/:id", access: NOT_RESELLER, failure: MSG.deleteReport, params: ID, response: NOT_BUILT },
} as const satisfies Record<string, CallDef>;
