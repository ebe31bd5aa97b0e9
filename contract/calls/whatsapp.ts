import { Type } from "./type";
import { MSG } from "../messages";
import { campaignId, USER_MANAGER, WORKSPACE } from "./access";
import { CampaignRecord } from "./campaign-records";
import { CampaignSaved, CampaignStatusQuery, Responses, ResponsesReply } from "./campaigns-reports";
import { PageQuery } from "./pagination";
import { Confirmation, FileBytes, ID, replies } from "./replies";
import { WabaMediaReply } from "./waba-media";
import { WaTemplateCreated, WaTemplatePage } from "./whatsapp-template-records";
import type { CallDef } from "./types";
import { BusinessProfile, PhoneNumberRow, WabaAnalytics, WabaRecord } from "./whatsapp-records";

const text = () => Type.Optional(Type.String());
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const day = () => Type.Optional(Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "UTC day, YYYY-MM-DD" }));
const Connected = ok({ message: Type.String(), data: WabaRecord });
const Profile = ok({ data: BusinessProfile });

/**
 * SPEC 7 "WhatsApp". Choices where SPEC leaves things open:
 *  - onboarding is idempotent per account: 201 with the new WABA, 200 with the stored one when already connected;
 *  - phone_numbers: `fields` is Meta's comma-joined field list (id always comes), `mode` filters by account_mode;
 *  - the business profile is per phone number: `phone_number_id` (query of GET, body of POST) defaults to the
 *    caller's first; an admin must name one; a POST changes only the fields it sends;
 *  - analytics take `start`/`end` as UTC days (YYYY-MM-DD, inclusive; Meta uses epoch seconds), default the last
 *    30 days, at most 366; `phone_numbers` and `metric_types` are comma-joined; every day of the range is answered.
 */
export const WHATSAPP_CALLS = {
  "waba.active": {
    method: "GET",
    path: "/api/waba/active-wabas",
    access: USER_MANAGER,
    response: replies({ 200: ok({ data: Type.Array(WabaRecord) }) }),
    summary: "The caller's connected WhatsApp Business Accounts with their numbers",
  },
  "waba.templates.list": {
    method: "GET",
    path: "/api/waba/templates",
    access: USER_MANAGER,
    module: "template",
    failure: MSG.fetchTemplates,
    query: Type.Object({
      limit: PageQuery.properties.limit,
      waba_id: text(),
      fields: text(),
      status: text(),
      before: text(),
      after: text(),
    }),
    response: replies({ 200: WaTemplatePage }),
    summary: "The caller's WhatsApp templates, newest first, with cursor paging",
  },
  "waba.templates.create": {
    method: "POST",
    path: "/api/waba/create-template",
    access: USER_MANAGER,
    module: "template",
    multipart: true,
    failure: MSG.createTemplate,
    response: replies({ 201: WaTemplateCreated }),
    summary: "Submit a WhatsApp template for review (multipart: fields and an optional header file)",
  },
  "waba.templates.delete": {
    method: "DELETE",
    path: "/api/waba/templates",
    access: USER_MANAGER,
    module: "template",
    query: Type.Object({ templateName: Type.String({ minLength: 1 }) }),
    bodySchema: "whatsapp-template-delete",
    response: replies({ 200: Confirmation }),
    summary: "Delete a template (every language of the name) from a WABA",
  },
  "waba.templates.headerMedia": {
    method: "GET",
    path: "/api/waba/templates/:id/header-media",
    access: USER_MANAGER,
    module: "template",
    params: ID,
    download: true,
    response: replies({ 200: FileBytes }),
    summary:
      "The stored header file (image, video, document) of one template, with its type read from the bytes: for its owner and the manager that created the owner (SPEC 6's template roles); any other account answers 404",
  },
  "waba.media.upload": {
    method: "POST",
    path: "/api/waba/media/upload-whatsapp-media",
    access: USER_MANAGER,
    multipart: true,
    failure: MSG.uploadCampaignMedia,
    response: replies({ 201: WabaMediaReply }),
  },
  "waba.media.uploadSession": {
    method: "POST",
    path: "/api/waba/media/upload-meta-session",
    access: USER_MANAGER,
    multipart: true,
    failure: MSG.uploadTemplateMedia,
    response: replies({ 201: WabaMediaReply }),
  },
  "waba.campaigns.list": {
    method: "GET",
    path: "/api/waba/campaign/user-campaigns",
    access: USER_MANAGER,
    module: "campaign",
    failure: MSG.fetchCampaigns,
    query: Type.Object({ ...PageQuery.properties, status: CampaignStatusQuery }),
    response: replies({
      200: ok({
        campaigns: Type.Array(CampaignRecord),
        totalPages: Type.Integer(),
        currentPage: Type.Integer(),
        totalCampaigns: Type.Integer(),
      }),
    }),
    summary: "The caller's WhatsApp campaigns, newest first",
  },
  "waba.campaigns.create": {
    method: "POST",
    path: "/api/waba/campaign/create-campaign",
    access: USER_MANAGER,
    module: "campaign",
    multipart: true,
    bodySchema: "campaign-create-whatsapp",
    failure: MSG.createCampaign,
    response: replies({ 201: CampaignSaved }),
    summary:
      "Create a WhatsApp campaign (multipart with the audience `file`, or JSON with pasted numbers), with optional SMS failover",
  },
  "waba.campaigns.start": {
    method: "POST",
    path: "/api/waba/campaign/start-campaign/:id",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("path"),
    failure: MSG.startCampaign,
    params: ID,
    response: replies({ 200: CampaignSaved }),
    summary: "Start a ready WhatsApp campaign; holds its cost",
  },
  "waba.campaigns.responses": {
    method: "GET",
    path: "/api/waba/campaign/campaign-responses",
    access: USER_MANAGER,
    module: "campaign",
    requiredIds: campaignId("query"),
    query: Responses,
    response: replies({ 200: ResponsesReply }),
    summary:
      "A WhatsApp campaign's recipients with their delivery state, replies and cost (SPEC shows no params; ours are the other channels')",
  },
  "waba.onboarding": {
    method: "POST",
    path: "/api/waba/onboarding/facebook",
    access: USER_MANAGER,
    bodySchema: "waba-onboarding",
    response: replies({ 200: Connected, 201: Connected }),
    summary: "Connect a WhatsApp Business Account (201); the account's one already connected answers 200 unchanged",
  },
  "waba.analytics": {
    method: "GET",
    path: "/api/waba/analytics",
    access: WORKSPACE,
    query: Type.Object({
      phone_numbers: Type.Optional(
        Type.String({ description: "comma-joined phone number ids; default: all of the caller's" }),
      ),
      start: day(),
      end: day(),
      granularity: Type.Optional(Type.Unsafe<"DAY">({ type: "string", enum: ["DAY"] })),
      metric_types: Type.Optional(Type.String({ description: "comma-joined SENT, DELIVERED, READ; default: all" })),
    }),
    response: replies({ 200: ok({ data: WabaAnalytics }) }),
    summary:
      "Messages sent, delivered and read per UTC day per phone number (start and end inclusive, default the last 30 days)",
  },
  "waba.phoneNumbers": {
    method: "GET",
    path: "/api/waba/phone_numbers",
    access: WORKSPACE,
    failure: MSG.fetchPhoneNumbers,
    query: Type.Object({
      mode: Type.Optional(
        Type.Unsafe<"SANDBOX" | "LIVE">({
          type: "string",
          enum: ["SANDBOX", "LIVE"],
          description: "account_mode filter",
        }),
      ),
      fields: text(),
    }),
    response: replies({ 200: ok({ data: Type.Array(PhoneNumberRow) }) }),
    summary: "The caller's WhatsApp phone numbers, only the fields asked for",
  },
  "waba.businessProfile.get": {
    method: "GET",
    path: "/api/waba/whatsapp_business_profile",
    access: ["admin", "manager", "user"],
    query: Type.Object({ phone_number_id: text() }),
    response: replies({ 200: Profile }),
    summary: "Business profile of a phone number (default: the caller's first; an admin names one)",
  },
  "waba.businessProfile.set": {
    method: "POST",
    path: "/api/waba/whatsapp_business_profile",
    access: ["admin", "manager", "user"],
    bodySchema: "whatsapp-business-profile",
    response: replies({ 200: ok({ message: Type.String(), data: BusinessProfile }) }),
    summary: "Change the business profile of a phone number",
  },
} as const satisfies Record<string, CallDef>;
