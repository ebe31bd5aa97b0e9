import { Type } from "./type";
import { MSG } from "../messages";
import { campaignId, USER_MANAGER, WORKSPACE } from "./access";
import { PageQuery } from "./pagination";
import { ID, NOT_BUILT, replies } from "./replies";
import { WabaMediaReply } from "./waba-media";
import type { CallDef } from "./types";

const text = () => Type.Optional(Type.String());

/** SPEC 7 "WhatsApp". */
export const WHATSAPP_CALLS = {
  "waba.active": { method: "GET", path: "/api/waba/active-wabas", access: USER_MANAGER, response: NOT_BUILT },
  "waba.templates.list": {
    method: "GET", path: "/api/waba/templates", access: USER_MANAGER, module: "template", failure: MSG.fetchTemplates,
    query: Type.Object({ limit: PageQuery.properties.limit, waba_id: text(), fields: text(), status: text(), before: text(), after: text() }), response: NOT_BUILT,
  },
  "waba.templates.create": { method: "POST", path: "/api/waba/create-template", access: USER_MANAGER, module: "template", multipart: true, failure: MSG.createTemplate, response: NOT_BUILT },
  "waba.templates.delete": { method: "DELETE", path: "/api/waba/templates", access: USER_MANAGER, module: "template", query: Type.Object({ templateName: Type.String() }), response: NOT_BUILT },
  "waba.media.upload": { method: "POST", path: "/api/waba/media/upload-whatsapp-media", access: USER_MANAGER, multipart: true, failure: MSG.uploadCampaignMedia, response: replies({ 201: WabaMediaReply }) },
  "waba.media.uploadSession": { method: "POST", path: "/api/waba/media/upload-meta-session", access: USER_MANAGER, multipart: true, failure: MSG.uploadTemplateMedia, response: replies({ 201: WabaMediaReply }) },
  "waba.campaigns.list": {
    method: "GET", path: "/api/waba/campaign/user-campaigns", access: USER_MANAGER, module: "campaign", failure: MSG.fetchCampaigns,
    query: Type.Object({ ...PageQuery.properties, status: text() }), response: NOT_BUILT,
  },
  "waba.campaigns.create": { method: "POST", path: "/api/waba/campaign/create-campaign", access: USER_MANAGER, module: "campaign", multipart: true, failure: MSG.createCampaign, response: NOT_BUILT },
  "waba.campaigns.start": { method: "POST", path: "/api/waba/campaign/start-campaign/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), failure: MSG.startCampaign, params: ID, response: NOT_BUILT },
  "waba.campaigns.responses": { method: "GET", path: "/api/waba/campaign/campaign-responses", access: USER_MANAGER, module: "campaign", response: NOT_BUILT },
  "waba.onboarding": { method: "POST", path: "/api/waba/onboarding/facebook", access: USER_MANAGER, response: NOT_BUILT },
  "waba.analytics": { method: "GET", path: "/api/waba/analytics", access: WORKSPACE, response: NOT_BUILT },
  "waba.phoneNumbers": { method: "GET", path: "/api/waba/phone_numbers", access: WORKSPACE, failure: MSG.fetchPhoneNumbers, query: Type.Object({ mode: text(), fields: text() }), response: NOT_BUILT },
  "waba.businessProfile.get": { method: "GET", path: "/api/waba/whatsapp_business_profile", access: ["admin", "manager", "user"], response: NOT_BUILT },
  "waba.businessProfile.set": { method: "POST", path: "/api/waba/whatsapp_business_profile", access: ["admin", "manager", "user"], response: NOT_BUILT },
} as const satisfies Record<string, CallDef>;
