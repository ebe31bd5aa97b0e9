import { Type } from "./type";
import { MSG } from "../messages";
import { ALL, campaignId, NOT_RESELLER, USER_MANAGER, WORKSPACE } from "./access";
import { CampaignRecord } from "./campaign-records";
import {
  CampaignFound,
  CampaignSaved,
  CampaignStatusQuery,
  NumberQuery,
  Responses,
  ResponsesReply,
  SearchQuery,
  WithinReply,
} from "./campaigns-reports";
import { PageQuery } from "./pagination";
import { ID, replies } from "./replies";
import { SmsAccountOption, SmsAccountRow, SmsTemplateRow } from "./sms-records";
import type { CallDef } from "./types";

const text = () => Type.Optional(Type.String());
const Ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const TemplateSaved = Ok({ message: Type.String(), data: SmsTemplateRow });
const AccountSaved = Ok({ message: Type.String(), data: SmsAccountRow });

/** SPEC 7 "SMS". */
export const SMS_CALLS = {
  "sms.templates.list": {
    method: "GET",
    path: "/api/sms/templates",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.fetchSmsTemplates,
    query: Type.Object({ smsAccountId: text() }),
    response: replies({ 200: Ok({ data: Type.Array(SmsTemplateRow), accounts: Type.Array(SmsAccountOption) }) }),
    summary: "SMS templates the caller reaches, optionally of one SMS account, with the accounts it may write for",
  },
  "sms.templates.get": {
    method: "GET",
    path: "/api/sms/templates/:id",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.fetchSmsTemplate,
    params: ID,
    response: replies({ 200: Ok({ data: SmsTemplateRow }) }),
    summary: "One SMS template",
  },
  "sms.templates.create": {
    method: "POST",
    path: "/api/sms/templates",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.createTemplate,
    bodySchema: "sms-template-create",
    response: replies({ 201: TemplateSaved }),
    summary: "Add a DLT template to an SMS account",
  },
  "sms.templates.update": {
    method: "PUT",
    path: "/api/sms/templates",
    access: NOT_RESELLER,
    module: "template",
    bodySchema: "sms-template-update",
    response: replies({ 200: TemplateSaved }),
    summary: "Edit an SMS template (by id in the body)",
  },
  "sms.accounts.list": {
    method: "GET",
    path: "/api/sms/accounts",
    access: USER_MANAGER,
    failure: MSG.fetchSmsAccounts,
    response: replies({ 200: Ok({ data: Type.Array(SmsAccountRow) }) }),
    summary: "The caller's SMS accounts with their DLT registration",
  },
  "sms.accounts.activate": {
    method: "PUT",
    path: "/api/sms/accounts/activate",
    access: USER_MANAGER,
    bodySchema: "sms-account-activate",
    response: replies({ 200: AccountSaved }),
    summary: "Turn one of the caller's SMS accounts on or off",
  },
  "sms.accounts.update": {
    method: "PUT",
    path: "/api/sms/accounts/:id",
    access: USER_MANAGER,
    params: ID,
    bodySchema: "sms-account-update",
    response: replies({ 200: AccountSaved }),
    summary: "Set an SMS account's DLT entity id and sender ids (headers)",
  },
  "sms.campaigns.list": {
    method: "GET",
    path: "/api/sms/campaigns",
    access: ["admin", "reseller", "user", "manager", "department_head"],
    module: "campaign",
    failure: MSG.fetchSmsCampaigns,
    query: Type.Object({ ...PageQuery.properties, status: CampaignStatusQuery }),
    response: replies({
      200: Ok({ campaigns: Type.Array(CampaignRecord), totalPages: Type.Integer(), totalCampaigns: Type.Integer() }),
    }),
    summary: "SMS campaigns the caller reaches, newest first",
  },
  "sms.campaigns.responses": {
    method: "GET",
    path: "/api/sms/campaigns/responses",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("query"),
    query: Responses,
    response: replies({ 200: ResponsesReply }),
    summary: "An SMS campaign's recipients with their delivery state, replies and cost",
  },
  "sms.campaigns.create": {
    method: "POST",
    path: "/api/sms/campaigns/create",
    access: WORKSPACE,
    module: "campaign",
    failure: MSG.createCampaign,
    bodySchema: "campaign-create-sms",
    multipart: true,
    response: replies({ 201: CampaignSaved }),
    summary: "Create an SMS campaign from pasted numbers (JSON) or an audience file (multipart, part `file`)",
  },
  "sms.campaigns.start": {
    method: "POST",
    path: "/api/sms/campaigns/:id/start",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    failure: MSG.startCampaign,
    params: ID,
    response: replies({ 200: CampaignSaved }),
    summary:
      "Start a ready SMS campaign (outside the promotional window it is scheduled for the next window); holds its cost",
  },
  "sms.campaigns.search": {
    method: "GET",
    path: "/api/sms/campaigns/search",
    access: ["admin", "reseller", "user", "manager"],
    module: "campaign",
    query: SearchQuery,
    response: replies({ 200: CampaignFound }),
    summary: "SMS campaigns by name, template or sender",
  },
  "sms.campaigns.searchWithin": {
    method: "GET",
    path: "/api/sms/campaigns/:id/search",
    access: ALL,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    query: NumberQuery,
    response: replies({ 200: WithinReply }),
    summary: "An SMS campaign's recipients whose number contains the digits",
  },
  "sms.campaigns.discard": {
    method: "PUT",
    path: "/api/sms/campaigns/:id/discard",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    response: replies({ 200: CampaignSaved }),
    summary: "Stop an SMS campaign for good; the unused hold is released",
  },
} as const satisfies Record<string, CallDef>;
