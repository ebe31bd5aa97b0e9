import { Type } from "./type";
import { MSG } from "../messages";
import { ALL, campaignId, NOT_RESELLER, USER_MANAGER, WORKSPACE } from "./access";
import { PageQuery } from "./pagination";
import { ID, NOT_BUILT, replies } from "./replies";
import { SmsAccountOption, SmsAccountRow, SmsTemplateRow } from "./sms-records";
import type { CallDef } from "./types";

const text = () => Type.Optional(Type.String());
const Ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) => Type.Object({ success: Type.Literal(true), ...fields });
const TemplateSaved = Ok({ message: Type.String(), data: SmsTemplateRow });
const AccountSaved = Ok({ message: Type.String(), data: SmsAccountRow });

/** SPEC 7 "SMS". */
export const SMS_CALLS = {
  "sms.templates.list": {
    method: "GET", path: "/api/sms/templates", access: NOT_RESELLER, module: "template", failure: MSG.fetchSmsTemplates, query: Type.Object({ smsAccountId: text() }),
    response: replies({ 200: Ok({ data: Type.Array(SmsTemplateRow), accounts: Type.Array(SmsAccountOption) }) }),
    summary: "SMS templates the caller reaches, optionally of one SMS account, with the accounts it may write for",
  },
  "sms.templates.get": {
    method: "GET", path: "/api/sms/templates/:id", access: NOT_RESELLER, module: "template", failure: MSG.fetchSmsTemplate, params: ID,
    response: replies({ 200: Ok({ data: SmsTemplateRow }) }), summary: "One SMS template",
  },
  "sms.templates.create": {
    method: "POST", path: "/api/sms/templates", access: NOT_RESELLER, module: "template", failure: MSG.createTemplate, bodySchema: "sms-template-create",
    response: replies({ 201: TemplateSaved }), summary: "Add a DLT template to an SMS account",
  },
  "sms.templates.update": {
    method: "PUT", path: "/api/sms/templates", access: NOT_RESELLER, module: "template", bodySchema: "sms-template-update",
    response: replies({ 200: TemplateSaved }), summary: "Edit an SMS template (by id in the body)",
  },
  "sms.accounts.list": {
    method: "GET", path: "/api/sms/accounts", access: USER_MANAGER, failure: MSG.fetchSmsAccounts,
    response: replies({ 200: Ok({ data: Type.Array(SmsAccountRow) }) }), summary: "The caller's SMS accounts with their DLT registration",
  },
  "sms.accounts.activate": {
    method: "PUT", path: "/api/sms/accounts/activate", access: USER_MANAGER, bodySchema: "sms-account-activate",
    response: replies({ 200: AccountSaved }), summary: "Turn one of the caller's SMS accounts on or off",
  },
  "sms.accounts.update": {
    method: "PUT", path: "/api/sms/accounts/:id", access: USER_MANAGER, params: ID, bodySchema: "sms-account-update",
    response: replies({ 200: AccountSaved }), summary: "Set an SMS account's DLT entity id and sender ids (headers)",
  },
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
