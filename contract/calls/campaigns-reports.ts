import { Type } from "./type";
import { MSG } from "../messages";
import { ALL, campaignId, NOT_RESELLER, USER_MANAGER } from "./access";
import { PageQuery } from "./pagination";
import { ID, NOT_BUILT, pathParams } from "./replies";
import type { CallDef } from "./types";

const text = () => Type.Optional(Type.String());
const Responses = Type.Object({ campaignId: Type.String(), ...PageQuery.properties, status: text() });

/** SPEC 7 "Platform campaigns and reports". */
export const CAMPAIGN_REPORT_CALLS = {
  "campaigns.list": {
    method: "GET", path: "/api/v1/campaigns", access: ALL, module: "campaign", failure: MSG.fetchCampaigns,
    query: Type.Object({ ...PageQuery.properties, botId: text(), status: text(), userIds: Type.Optional(Type.String({ description: "ids joined by ' , '" })), templateName: text() }),
    response: NOT_BUILT,
  },
  "campaigns.responses": { method: "GET", path: "/api/campaigns/responses", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("query"), query: Responses, response: NOT_BUILT },
  "campaigns.status": { method: "GET", path: "/api/reports/campaignStatus/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), params: ID, response: NOT_BUILT },
  "campaigns.create": { method: "POST", path: "/api/campaigns/create-campaign", access: USER_MANAGER, module: "campaign", failure: MSG.createCampaign, response: NOT_BUILT },
  "campaigns.start": { method: "POST", path: "/api/campaigns/start-campaign/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), failure: MSG.startCampaign, params: ID, response: NOT_BUILT },
  "campaigns.validatingProgress": { method: "GET", path: "/api/v1/reports/validating-progress/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), params: ID, response: NOT_BUILT },
  "campaigns.discard": { method: "PUT", path: "/api/campaigns/:id/discard", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), params: ID, response: NOT_BUILT },
  "campaigns.search": { method: "GET", path: "/api/v1/campaigns/search", access: ["admin", "reseller", "user", "manager"], module: "campaign", query: Type.Object({ query: text() }), response: NOT_BUILT },
  "campaigns.searchWithin": {
    method: "GET", path: "/api/v1/campaigns/search/:id", access: ALL, module: "campaign", requiredIds: campaignId("path"),
    params: ID, query: Type.Object({ number: text() }), response: NOT_BUILT,
  },
  "campaigns.downloadNumbers": { method: "GET", path: "/api/reports/download-campaign-numbers/:id", access: ALL, module: "campaign", requiredIds: campaignId("path"), download: true, params: ID, response: NOT_BUILT },
  "campaigns.downloadExcel": {
    method: "GET", path: "/api/reports/download-excel", access: ALL, module: "campaign", requiredIds: campaignId("query"), download: true,
    query: Type.Object({ campaignId: Type.String() }), response: NOT_BUILT,
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
