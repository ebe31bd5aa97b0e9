import { Type } from "./type";
import { MSG } from "../messages";
import { ALL, campaignId, NOT_RESELLER, USER_MANAGER, WORKSPACE } from "./access";
import { PageQuery } from "./pagination";
import { ID, NOT_BUILT } from "./replies";
import type { CallDef } from "./types";

const text = () => Type.Optional(Type.String());

/** SPEC 7 "SMS". */
export const SMS_CALLS = {
  "sms.templates.list": { method: "GET", path: "/api/sms/templates", access: NOT_RESELLER, module: "template", failure: MSG.fetchSmsTemplates, query: Type.Object({ smsAccountId: text() }), response: NOT_BUILT },
  "sms.templates.get": { method: "GET", path: "/api/sms/templates/:id", access: NOT_RESELLER, module: "template", failure: MSG.fetchSmsTemplate, params: ID, response: NOT_BUILT },
  "sms.templates.create": { method: "POST", path: "/api/sms/templates", access: NOT_RESELLER, module: "template", failure: MSG.createTemplate, response: NOT_BUILT },
  "sms.templates.update": { method: "PUT", path: "/api/sms/templates", access: NOT_RESELLER, module: "template", response: NOT_BUILT },
  "sms.accounts.list": { method: "GET", path: "/api/sms/accounts", access: USER_MANAGER, failure: MSG.fetchSmsAccounts, response: NOT_BUILT },
  "sms.accounts.activate": { method: "PUT", path: "/api/sms/accounts/activate", access: USER_MANAGER, response: NOT_BUILT },
  "sms.campaigns.list": {
    method: "GET", path: "/api/sms/campaigns", access: ["admin", "reseller", "user", "manager", "department_head"], module: "campaign", failure: MSG.fetchSmsCampaigns,
    query: Type.Object({ ...PageQuery.properties, status: text() }), response: NOT_BUILT,
  },
  "sms.campaigns.responses": {
    method: "GET", path: "/api/sms/campaigns/responses", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("query"),
    query: Type.Object({ campaignId: Type.String(), ...PageQuery.properties, status: text() }), response: NOT_BUILT,
  },
  "sms.campaigns.create": { method: "POST", path: "/api/sms/campaigns/create", access: WORKSPACE, module: "campaign", failure: MSG.createCampaign, response: NOT_BUILT },
  "sms.campaigns.start": { method: "POST", path: "/api/sms/campaigns/:id/start", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), failure: MSG.startCampaign, params: ID, response: NOT_BUILT },
  "sms.campaigns.search": { method: "GET", path: "/api/sms/campaigns/search", access: ["admin", "reseller", "user", "manager"], module: "campaign", query: Type.Object({ query: text() }), response: NOT_BUILT },
  "sms.campaigns.searchWithin": {
    method: "GET", path: "/api/sms/campaigns/:id/search", access: ALL, module: "campaign", requiredIds: campaignId("path"),
    params: ID, query: Type.Object({ number: text() }), response: NOT_BUILT,
  },
  "sms.campaigns.discard": { method: "PUT", path: "/api/sms/campaigns/:id/discard", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), params: ID, response: NOT_BUILT },
} as const satisfies Record<string, CallDef>;
