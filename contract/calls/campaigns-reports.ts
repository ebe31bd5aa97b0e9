import { Type } from "./type";
import { MSG } from "../messages";
import { ALL, campaignId, NOT_RESELLER, USER_MANAGER } from "./access";
import { PageQuery } from "./pagination";
import { CAMPAIGN_STATUSES, RECIPIENT_STATES } from "../domain/campaigns";
import {
  CampaignRecord,
  CampaignReportRecord,
  CampaignStatsRecord,
  IngestProgressRecord,
  RecipientRecord,
} from "./campaign-records";
import { Confirmation, FileBytes, ID, replies } from "./replies";
import { ReportChannelField, ReportFormatField, ReportRecord } from "./report-records";
import type { CallDef } from "./types";

const text = () => Type.Optional(Type.String());
const enumText = (values: readonly string[]) =>
  Type.Optional(Type.Unsafe<string>({ type: "string", enum: [...values] }));
/** A campaign's recipients, one page, optionally in one state (SPEC's responses calls, all three channels). */
export const Responses = Type.Object({
  campaignId: Type.String(),
  ...PageQuery.properties,
  status: enumText(RECIPIENT_STATES),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: "nextCursor of the page before: the page after it (page then only labels the reply)",
    }),
  ),
});
export const ResponsesReply = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(RecipientRecord),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  page: Type.Integer(),
  /** The next page's cursor (a deep page costs what page 1 does), null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export const CampaignSaved = Type.Object({ success: Type.Literal(true), message: Type.String(), data: CampaignRecord });
export const CampaignFound = Type.Object({ success: Type.Literal(true), campaigns: Type.Array(CampaignRecord) });
export const WithinReply = Type.Object({ success: Type.Literal(true), data: Type.Array(RecipientRecord) });
/** A report as generate answers it. */
export const ReportSaved = Type.Object({ success: Type.Literal(true), message: Type.String(), data: ReportRecord });
export const CampaignStatusQuery = enumText(CAMPAIGN_STATUSES);
/** Campaign search: by name, template or sender, at most 20 matches. */
export const SearchQuery = Type.Object({ query: Type.String({ minLength: 1, maxLength: 100 }) });
/** Search within a campaign: a number or its digits. */
export const NumberQuery = Type.Object({ number: Type.String({ minLength: 1, maxLength: 20 }) });

/** SPEC 7 "Platform campaigns and reports". */
export const CAMPAIGN_REPORT_CALLS = {
  "campaigns.list": {
    method: "GET",
    path: "/api/v1/campaigns",
    access: ALL,
    module: "campaign",
    failure: MSG.fetchCampaigns,
    query: Type.Object({
      ...PageQuery.properties,
      botId: text(),
      status: CampaignStatusQuery,
      userIds: Type.Optional(Type.String({ description: "ids joined by ' , '" })),
      templateName: text(),
      channel: Type.Optional(
        Type.Unsafe<"rcs" | "sms" | "whatsapp" | "all">({
          type: "string",
          enum: ["rcs", "sms", "whatsapp", "all"],
          description: "all channels when left out",
        }),
      ),
    }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        campaigns: Type.Array(CampaignRecord),
        totalPages: Type.Integer(),
        totalCampaigns: Type.Integer(),
        campaignStats: Type.Array(CampaignStatsRecord),
        channel: Type.String(),
      }),
    }),
    summary:
      "Campaigns the caller reaches, newest first: their own, or for admins and resellers those of the accounts they reach (userIds narrows)",
  },
  "campaigns.responses": {
    method: "GET",
    path: "/api/campaigns/responses",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("query"),
    query: Responses,
    response: replies({ 200: ResponsesReply }),
    summary: "A campaign's recipients with their delivery state, replies and cost",
  },
  "campaigns.status": {
    method: "GET",
    path: "/api/reports/campaignStatus/:id",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: CampaignReportRecord }) }),
    summary: "A campaign's status report: counts, error breakdown and timeline",
  },
  "campaigns.create": {
    method: "POST",
    path: "/api/campaigns/create-campaign",
    access: USER_MANAGER,
    module: "campaign",
    failure: MSG.createCampaign,
    bodySchema: "campaign-create-rcs",
    multipart: true,
    response: replies({ 201: CampaignSaved }),
    summary: "Create an RCS campaign from pasted numbers (JSON) or an audience file (multipart, part `file`)",
  },
  "campaigns.start": {
    method: "POST",
    path: "/api/campaigns/start-campaign/:id",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    failure: MSG.startCampaign,
    params: ID,
    response: replies({ 200: CampaignSaved }),
    summary: "Start a ready campaign now (SMS outside its window is scheduled for the next window); holds its cost",
  },
  "campaigns.validatingProgress": {
    method: "GET",
    path: "/api/v1/reports/validating-progress/:id",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: IngestProgressRecord }) }),
    summary: "How far reading the audience has come, and its report",
  },
  "campaigns.discard": {
    method: "PUT",
    path: "/api/campaigns/:id/discard",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    response: replies({ 200: CampaignSaved }),
    summary: "Stop a campaign of any channel for good; what was sent stays sent, the unused hold is released",
  },
  "campaigns.search": {
    method: "GET",
    path: "/api/v1/campaigns/search",
    access: ["admin", "reseller", "user", "manager"],
    module: "campaign",
    query: SearchQuery,
    response: replies({ 200: CampaignFound }),
    summary: "Campaigns of any channel by name, template or sender",
  },
  "campaigns.searchWithin": {
    method: "GET",
    path: "/api/v1/campaigns/search/:id",
    access: ALL,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    query: NumberQuery,
    response: replies({ 200: WithinReply }),
    summary: "A campaign's recipients whose number contains the digits",
  },
  "campaigns.downloadNumbers": {
    method: "GET",
    path: "/api/reports/download-campaign-numbers/:id",
    access: ALL,
    module: "campaign",
    requiredIds: campaignId("path"),
    download: true,
    params: ID,
    response: replies({ 200: FileBytes }),
    summary: "CSV of the campaign's recipients and their states",
  },
  "campaigns.downloadExcel": {
    method: "GET",
    path: "/api/reports/download-excel",
    access: ALL,
    module: "campaign",
    requiredIds: campaignId("query"),
    download: true,
    query: Type.Object({ campaignId: Type.String() }),
    response: replies({ 200: FileBytes }),
    summary: "The campaign report as an Excel workbook",
  },
  "reports.generate": {
    method: "POST",
    path: "/api/v1/reports/generate/:from/:to/:channel/:campaignId",
    access: NOT_RESELLER,
    queryDefaults: { detailedCampaignReport: false },
    failure: MSG.generateReport,
    params: Type.Object({
      from: Type.String({ minLength: 1, maxLength: 10, description: "first day, YYYY-MM-DD (India's calendar)" }),
      to: Type.String({
        minLength: 1,
        maxLength: 10,
        description: "last day, YYYY-MM-DD, at most 366 days after from",
      }),
      channel: ReportChannelField,
      campaignId: Type.String({ minLength: 1, maxLength: 36, description: "a campaign's id, or `all`" }),
    }),
    query: Type.Object({
      detailedCampaignReport: Type.Boolean({
        default: false,
        description: "every recipient with its states and timestamps; false: counts per campaign",
      }),
      format: Type.Optional({ ...ReportFormatField, description: "csv (default) or xlsx" }),
    }),
    response: replies({ 201: ReportSaved }),
    summary:
      "Queue a report of the caller's campaigns created from..to (India's days): one campaign (its id; its channel must match unless channel is all) " +
      "or every campaign of the channel (campaignId `all`). Detailed: one row per recipient with states and timestamps; summary: counts and cost per " +
      "campaign and channel. `format` csv (default) or xlsx. Generated in the background; progress as 'reportProgress' socket events",
  },
  "reports.list": {
    method: "GET",
    path: "/api/v1/reports/list",
    access: NOT_RESELLER,
    failure: MSG.fetchReports,
    query: Type.Object({ channel: Type.Optional(ReportChannelField), ...PageQuery.properties }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        data: Type.Array(ReportRecord),
        total: Type.Integer(),
        totalPages: Type.Integer(),
        page: Type.Integer(),
      }),
    }),
    summary:
      "Reports the caller sees, newest first: its own (a manager's also its sub-users', an admin every one); channel narrows (all: reports of every channel)",
  },
  "reports.details": {
    method: "GET",
    path: "/api/v1/reports/details/:id",
    access: NOT_RESELLER,
    failure: MSG.fetchReportDetails,
    params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: ReportRecord }) }),
    summary: "One report: its filters, status, progress, file and expiry",
  },
  "reports.download": {
    method: "GET",
    path: "/api/v1/reports/download/:id",
    access: NOT_RESELLER,
    download: true,
    failure: MSG.downloadReport,
    params: ID,
    response: replies({ 200: FileBytes }),
    summary: "The ready report's file (CSV or XLSX); 409 while it is generated or failed, 410 once it expired",
  },
  "reports.delete": {
    method: "DELETE",
    path: "/api/v1/reports/delete/:id",
    access: NOT_RESELLER,
    failure: MSG.deleteReport,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete a report and its file (a report being generated stops)",
  },
} as const satisfies Record<string, CallDef>;
