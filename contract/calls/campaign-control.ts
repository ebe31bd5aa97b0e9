import { Type } from "./type";
import { MSG } from "../messages";
import { ADMIN, ALL, campaignId, USER_MANAGER } from "./access";
import {
  CampaignRecord,
  DndRecord,
  NumberHistoryRecord,
  PreCheckRecord,
  RatesRecord,
  RejectedRowRecord,
  SuppressionRecord,
} from "./campaign-records";
import { CampaignSaved, NumberQuery } from "./campaigns-reports";
import { PageQuery } from "./pagination";
import { Confirmation, FileBytes, ID, replies } from "./replies";
import type { CallDef } from "./types";

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const Added = ok({ message: Type.String(), added: Type.Integer(), invalid: Type.Array(RejectedRowRecord) });

/**
 * Ours: what SPEC leaves out of campaigns and the issue asks for. One campaign by id, the pre-send check, pause,
 * resume, schedule and test send work on every channel's campaign; the rejected rows of the ingest; a number's
 * history across campaigns; the per-account suppression list; and the admin's rates.
 */
export const CAMPAIGN_CONTROL_CALLS = {
  "campaigns.get": {
    method: "GET",
    path: "/api/v1/campaigns/:id",
    access: ALL,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    failure: MSG.fetchCampaigns,
    response: replies({ 200: ok({ data: CampaignRecord }) }),
    summary: "One campaign of any channel, with its counts and cost",
  },
  "campaigns.operatorDiscard": {
    method: "PUT",
    path: "/api/v1/campaign-control/:id/discard",
    access: ["admin", "reseller"],
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    response: replies({ 200: CampaignSaved }),
    summary: "An admin or reseller stops a campaign of an account they reach; the unused hold is released",
  },
  "campaigns.check": {
    method: "GET",
    path: "/api/v1/campaign-control/:id/check",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    response: replies({ 200: ok({ data: PreCheckRecord }) }),
    summary:
      "The pre-send check: recipients that will be sent and skipped with reasons, blockers, the window and the cost estimate",
  },
  "campaigns.pause": {
    method: "POST",
    path: "/api/v1/campaign-control/:id/pause",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    response: replies({ 200: CampaignSaved }),
    summary: "Pause a running or scheduled campaign; nothing more is sent until it is resumed",
  },
  "campaigns.resume": {
    method: "POST",
    path: "/api/v1/campaign-control/:id/resume",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    failure: MSG.startCampaign,
    response: replies({ 200: CampaignSaved }),
    summary: "Resume a paused campaign where it stopped",
  },
  "campaigns.schedule": {
    method: "POST",
    path: "/api/v1/campaign-control/:id/schedule",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    bodySchema: "campaign-schedule",
    failure: MSG.startCampaign,
    response: replies({ 200: CampaignSaved }),
    summary: "Start a ready campaign at a later time (the hold is taken now)",
  },
  "campaigns.testSend": {
    method: "POST",
    path: "/api/v1/campaign-control/:id/test-send",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    bodySchema: "campaign-test-send",
    response: replies({
      200: ok({
        message: Type.String(),
        data: Type.Array(
          Type.Object({
            number: Type.String(),
            accepted: Type.Boolean(),
            reason: Type.Union([Type.String(), Type.Null()]),
          }),
        ),
      }),
    }),
    summary: "Send the campaign's message to a few numbers before the start (billed like any message)",
  },
  "campaigns.rejectedRows": {
    method: "GET",
    path: "/api/v1/campaign-control/:id/rejected-rows",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    params: ID,
    download: true,
    response: replies({ 200: FileBytes }),
    summary: "CSV of the audience rows the ingest rejected (row number, value, reason)",
  },
  "campaigns.numberHistory": {
    method: "GET",
    path: "/api/v1/campaigns/numbers/history",
    access: USER_MANAGER,
    module: "campaign",
    query: NumberQuery,
    response: replies({ 200: ok({ data: Type.Array(NumberHistoryRecord) }) }),
    summary: "One number's messages across the caller's campaigns, with states, replies and cost",
  },
  "suppressions.list": {
    method: "GET",
    path: "/api/v1/suppressions",
    access: USER_MANAGER,
    module: "campaign",
    query: Type.Object({ ...PageQuery.properties, q: Type.Optional(Type.String({ maxLength: 20 })) }),
    response: replies({
      200: ok({ data: Type.Array(SuppressionRecord), total: Type.Integer(), totalPages: Type.Integer() }),
    }),
    summary: "The caller's suppression list (numbers never sent to), newest first",
  },
  "suppressions.add": {
    method: "POST",
    path: "/api/v1/suppressions",
    access: USER_MANAGER,
    module: "campaign",
    bodySchema: "suppression-add",
    response: replies({ 201: Added }),
    summary: "Add pasted numbers to the suppression list",
  },
  "suppressions.import": {
    method: "POST",
    path: "/api/v1/suppressions/import",
    access: USER_MANAGER,
    module: "campaign",
    multipart: true,
    response: replies({ 201: Added }),
    summary: "Add the numbers of a CSV or XLSX file (part `file`) to the suppression list",
  },
  "suppressions.export": {
    method: "GET",
    path: "/api/v1/suppressions/export",
    access: USER_MANAGER,
    module: "campaign",
    download: true,
    response: replies({ 200: FileBytes }),
    summary: "CSV of the whole suppression list with reason, source and date",
  },
  "suppressions.remove": {
    method: "DELETE",
    path: "/api/v1/suppressions/:id",
    access: USER_MANAGER,
    module: "campaign",
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Take a number off the suppression list",
  },
  "dnd.list": {
    method: "GET",
    path: "/api/v1/dnd",
    access: USER_MANAGER,
    module: "campaign",
    query: Type.Object({ ...PageQuery.properties, q: Type.Optional(Type.String({ maxLength: 20 })) }),
    response: replies({
      200: ok({
        data: Type.Array(DndRecord),
        total: Type.Integer(),
        totalPages: Type.Integer(),
        counts: Type.Object({ import: Type.Integer(), operator: Type.Integer() }),
      }),
    }),
    summary: "The caller's DND list (Indian SMS held back by category), newest first, with the counts by source",
  },
  "dnd.import": {
    method: "POST",
    path: "/api/v1/dnd/import",
    access: USER_MANAGER,
    module: "campaign",
    multipart: true,
    response: replies({ 201: Added }),
    summary:
      "Add an aggregator's scrub file (CSV or XLSX, part `file`: numbers, optional preference and consent columns) to the DND list",
  },
  "dnd.remove": {
    method: "DELETE",
    path: "/api/v1/dnd/:id",
    access: USER_MANAGER,
    module: "campaign",
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Take a number off the DND list",
  },
  "rates.get": {
    method: "GET",
    path: "/api/v1/rates",
    access: ALL,
    response: replies({ 200: ok({ data: RatesRecord }) }),
    summary: "Per-message rates in rupees (SMS per segment, WhatsApp per category, RCS per message)",
  },
  "rates.update": {
    method: "PUT",
    path: "/api/v1/rates",
    access: ADMIN,
    bodySchema: "rates-update",
    response: replies({ 200: ok({ message: Type.String(), data: RatesRecord }) }),
    summary: "Set the per-message rates (admin)",
  },
} as const satisfies Record<string, CallDef>;
