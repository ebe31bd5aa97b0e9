import { MSG } from "./messages";
import type { ModuleName } from "./modules";
import type { Role } from "./roles";

/**
 * Every call of SPEC 7 as data, one row per call. The server registers its routes from this table (so token,
 * role and module are checked in one place) and the console's api layer builds one function per row.
 *
 * Documented choices where SPEC leaves things open:
 *  - the module-permissions call is `GET /api/v1/permissions/modules` (caller's own modules);
 *  - the AI-agent sub-resources live under `/api/flow/v1/<name>` like `agents`;
 *  - `GET /api/balance/requests` lists balance requests of the caller's sub-accounts (the issue asks that
 *    requests be visible to the parent; SPEC names no call for it), `?status=pending|approved|rejected` narrows it;
 *  - `GET /api/balance/my-requests` lists the caller's own requests with status and rejection reason (a separate
 *    call rather than a `mine` view of the parent's list, because every role may request but only parents decide);
 *  - `POST /api/balance/requests/:id/approve` (a ledger transfer from the approver, or new credit from an admin) and
 *    `POST /api/balance/requests/:id/reject` with `{reason}`: only the requester's parent or an admin decides, once;
 *  - `GET /api/balance/ledger` lists ledger rows (quota reports and billing logs; SPEC names no call);
 *  - `POST /api/v1/auth/logout` ends the caller's server-side session (SPEC's logout is client-only; a token
 *    must stop working when its owner logs out);
 *  - `POST /api/v1/auth/confirm-email` (public, `{ token }`) confirms an email change: a change of an account's
 *    email (users.update by a parent, or profile.update by the person) stays pending until the link mailed to
 *    the new address is opened, so whoever changes it cannot receive that account's reset mail;
 *  - `GET /api/admin/users?userId=<id>` lists that account's sub-accounts only for an admin: a reseller's or
 *    manager's own sub-accounts are the only accounts in its reach (everything else answers 404), so for
 *    them the list of a sub-account's sub-accounts is empty;
 *  - `GET /api/healthz`-style probes are not in the table: `/healthz` is outside `/api`.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** "public": no token. "signed-in": any valid token (SPEC 6: business-context checks only sign-in). */
export type Access = "public" | "signed-in" | readonly Role[];

export interface RequiredId {
  /** Name of the path parameter or query field. */
  name: string;
  in: "path" | "query";
  message: string;
}

export interface CallDef {
  method: HttpMethod;
  /** Fastify-style path: `:name` for parameters. */
  path: string;
  access: Access;
  /** Module that must be granted to module-gated roles (SPEC 2, 6). */
  module?: ModuleName;
  requiredIds?: readonly RequiredId[];
  /** Query defaults of SPEC 9. */
  queryDefaults?: Readonly<Record<string, string | number | boolean>>;
  /** SPEC 8's default message when the call fails without a server message. */
  failure?: string;
  /** JSON Schema (file name in schemas/, without .json) validating the body. */
  bodySchema?: string;
  /** Request body is multipart form data. */
  multipart?: boolean;
  /** Response is a file, not JSON. */
  download?: boolean;
}

const ALL: readonly Role[] = ["admin", "reseller", "manager", "user", "department_head"];
const USER_MANAGER: readonly Role[] = ["user", "manager"];
const NOT_RESELLER: readonly Role[] = ["admin", "manager", "user", "department_head"];
const ADMIN: readonly Role[] = ["admin"];
const ADMIN_RESELLER_MANAGER: readonly Role[] = ["admin", "reseller", "manager"];
const WORKSPACE: readonly Role[] = ["manager", "user", "department_head"];

const campaignId = (into: "path" | "query", name = into === "path" ? "id" : "campaignId"): RequiredId[] => [
  { name, in: into, message: MSG.campaignIdRequired },
];
const apiKeyId: RequiredId[] = [{ name: "id", in: "path", message: MSG.apiKeyIdRequired }];
const keyConfigId: RequiredId[] = [{ name: "id", in: "path", message: MSG.keyConfigIdRequired }];
const requestId: RequiredId[] = [{ name: "id", in: "path", message: MSG.requestIdRequired }];

const FLOW = "/api/flow/v1";
const AI: readonly Role[] = ALL;

export const CALLS = {
  // Authentication
  "auth.registerDefault": { method: "POST", path: "/api/v1/auth/register-defualt", access: "public", bodySchema: "register-default" },
  "auth.login": { method: "POST", path: "/api/v1/auth/login", access: "public", bodySchema: "login", failure: MSG.loginFailed },
  "auth.sendResetLink": { method: "POST", path: "/api/auth/send-reset-link", access: "public", bodySchema: "send-reset-link" },
  "auth.resetPassword": { method: "POST", path: "/api/auth/reset-password", access: "public", bodySchema: "reset-password", failure: MSG.resetFailed },
  "auth.register": { method: "POST", path: "/api/v1/auth/register", access: ADMIN_RESELLER_MANAGER, bodySchema: "register" },
  "auth.confirmEmail": { method: "POST", path: "/api/v1/auth/confirm-email", access: "public", bodySchema: "confirm-email", failure: MSG.confirmEmailFailed },
  "auth.impersonate": { method: "POST", path: "/api/v1/auth/admin-impersonate", access: ADMIN, bodySchema: "impersonate", failure: MSG.impersonationFailed },
  "auth.logout": { method: "POST", path: "/api/v1/auth/logout", access: "signed-in" },

  // Live agents
  "liveAgents.list": { method: "GET", path: "/api/live-agent/agents", access: NOT_RESELLER, module: "agent", failure: MSG.fetchAgents },
  "liveAgents.invite": { method: "POST", path: "/api/live-agent/invite-agent", access: WORKSPACE, module: "agent" },
  "liveAgents.create": { method: "POST", path: "/api/live-agent/create-agent", access: WORKSPACE, module: "agent" },
  "liveAgents.search": { method: "GET", path: "/api/agents/search", access: WORKSPACE, module: "agent", failure: MSG.fetchAgents },
  "liveAgents.metrics": { method: "GET", path: "/api/live-agent/monitoring/metrics/agent/:id", access: ALL, module: "agent", queryDefaults: { period: "day" } },

  // SMS
  "sms.templates.list": { method: "GET", path: "/api/sms/templates", access: NOT_RESELLER, module: "template", failure: MSG.fetchSmsTemplates },
  "sms.templates.get": { method: "GET", path: "/api/sms/templates/:id", access: NOT_RESELLER, module: "template", failure: MSG.fetchSmsTemplate },
  "sms.templates.create": { method: "POST", path: "/api/sms/templates", access: NOT_RESELLER, module: "template", failure: MSG.createTemplate },
  "sms.templates.update": { method: "PUT", path: "/api/sms/templates", access: NOT_RESELLER, module: "template" },
  "sms.accounts.list": { method: "GET", path: "/api/sms/accounts", access: USER_MANAGER, failure: MSG.fetchSmsAccounts },
  "sms.accounts.activate": { method: "PUT", path: "/api/sms/accounts/activate", access: USER_MANAGER },
  "sms.campaigns.list": { method: "GET", path: "/api/sms/campaigns", access: ["admin", "reseller", "user", "manager", "department_head"], module: "campaign", failure: MSG.fetchSmsCampaigns },
  "sms.campaigns.responses": { method: "GET", path: "/api/sms/campaigns/responses", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("query") },
  "sms.campaigns.create": { method: "POST", path: "/api/sms/campaigns/create", access: WORKSPACE, module: "campaign", failure: MSG.createCampaign },
  "sms.campaigns.start": { method: "POST", path: "/api/sms/campaigns/:id/start", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), failure: MSG.startCampaign },
  "sms.campaigns.search": { method: "GET", path: "/api/sms/campaigns/search", access: ["admin", "reseller", "user", "manager"], module: "campaign" },
  "sms.campaigns.searchWithin": { method: "GET", path: "/api/sms/campaigns/:id/search", access: ALL, module: "campaign", requiredIds: campaignId("path") },
  "sms.campaigns.discard": { method: "PUT", path: "/api/sms/campaigns/:id/discard", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path") },

  // Channels and bots
  "channels.wabaProviderSolutionIds": { method: "GET", path: "/api/channels/get-waba-provider-solution-ids", access: ["admin", "reseller", "manager", "user"] },
  "bots.updateStatus": { method: "PUT", path: "/api/v1/bots/botStatus", access: ["admin", "manager", "user"] },
  "channels.updateIntegrations": { method: "PUT", path: "/api/v1/channels/update-channel-integrations", access: USER_MANAGER },
  "channels.getIntegrations": { method: "GET", path: "/api/v1/channels/get-channel-integrations", access: ALL, failure: MSG.fetchChannels },
  "bots.ids": { method: "GET", path: "/api/v1/bots/botIds", access: ALL },
  "bots.get": { method: "GET", path: "/api/v1/admin/bot/:id", access: ADMIN },
  "bots.update": { method: "PUT", path: "/api/v1/admin/update-bot", access: ADMIN },
  "bots.createRcs": { method: "POST", path: "/api/v1/admin/create-rcs-bot", access: ADMIN },

  // Users, balance and profile
  "users.list": { method: "GET", path: "/api/admin/users", access: ADMIN_RESELLER_MANAGER, queryDefaults: { page: 1, limit: 10 }, failure: MSG.fetchUsers },
  "dashboard.statusCounts": { method: "GET", path: "/api/dashboard/statusCounts", access: ALL },
  "dashboard.storedStatusCounts": { method: "GET", path: "/api/dashboard/stored-status-counts", access: ["admin", "reseller"] },
  "users.update": { method: "PUT", path: "/api/v1/admin/user", access: ALL, bodySchema: "user-update" },
  "users.permissions": { method: "GET", path: "/api/admin/user-permissions", access: ALL },
  "users.grantPermission": { method: "POST", path: "/api/admin/grantPermission", access: ALL, bodySchema: "grant-permission" },
  "balance.add": { method: "POST", path: "/api/balance/add-balance", access: ALL, bodySchema: "balance-change" },
  "balance.deduct": { method: "POST", path: "/api/balance/deduct-balance", access: ADMIN_RESELLER_MANAGER, bodySchema: "balance-change" },
  "balance.get": { method: "GET", path: "/api/v1/balance/getBalance", access: ALL, failure: MSG.fetchBalance },
  "balance.request": { method: "POST", path: "/api/balance/requestBalance", access: ALL, bodySchema: "balance-request", failure: MSG.requestBalance },
  "balance.requests": { method: "GET", path: "/api/balance/requests", access: ADMIN_RESELLER_MANAGER, queryDefaults: { page: 1, limit: 10 } },
  "balance.myRequests": { method: "GET", path: "/api/balance/my-requests", access: ALL, queryDefaults: { page: 1, limit: 10 } },
  "balance.approveRequest": { method: "POST", path: "/api/balance/requests/:id/approve", access: ADMIN_RESELLER_MANAGER, requiredIds: requestId },
  "balance.rejectRequest": { method: "POST", path: "/api/balance/requests/:id/reject", access: ADMIN_RESELLER_MANAGER, requiredIds: requestId, bodySchema: "balance-request-reject" },
  "balance.ledger": { method: "GET", path: "/api/balance/ledger", access: ALL, queryDefaults: { page: 1, limit: 10 } },
  "profile.get": { method: "GET", path: "/api/v1/profile/details", access: ALL },
  "profile.update": { method: "PUT", path: "/api/v1/profile/update", access: ALL, bodySchema: "profile-update" },
  "waba.solutionSelection": { method: "GET", path: "/api/waba/admin/get-waba-solution-selection", access: ADMIN_RESELLER_MANAGER },
  "waba.updateSolutionProvider": { method: "POST", path: "/api/waba/admin/update-waba-solution-provider", access: ADMIN },
  "permissions.modules": { method: "GET", path: "/api/v1/permissions/modules", access: ALL },

  // API keys and UMS
  "apiKeys.list": { method: "GET", path: "/api/ums/v1/api-keys", access: ALL, module: "api", failure: MSG.fetchApiKeys },
  "apiKeys.create": { method: "POST", path: "/api/ums/v1/api-keys", access: ALL, module: "api" },
  "apiKeys.validate": { method: "POST", path: "/api/ums/v1/api-keys/validate", access: ALL, module: "api", failure: MSG.validateApiKey },
  "apiKeys.update": { method: "PUT", path: "/api/ums/v1/api-keys/:id", access: ALL, module: "api", requiredIds: apiKeyId },
  "apiKeys.delete": { method: "DELETE", path: "/api/ums/v1/api-keys/:id", access: ALL, module: "api", requiredIds: apiKeyId, failure: MSG.deleteApiKey },
  "apiKeys.regenerate": { method: "POST", path: "/api/ums/v1/api-keys/:id/regenerate", access: ALL, module: "api", requiredIds: apiKeyId },
  "keyConfigs.list": { method: "GET", path: "/api/ums/v1/key-configs", access: ALL, module: "api" },
  "keyConfigs.create": { method: "POST", path: "/api/ums/v1/key-configs", access: ALL, module: "api" },
  "keyConfigs.get": { method: "GET", path: "/api/ums/v1/key-configs/:id", access: ALL, module: "api", requiredIds: keyConfigId, failure: MSG.fetchKeyConfig },
  "keyConfigs.update": { method: "PUT", path: "/api/ums/v1/key-configs/:id", access: ALL, module: "api", requiredIds: keyConfigId },
  "keyConfigs.delete": { method: "DELETE", path: "/api/ums/v1/key-configs/:id", access: ALL, module: "api", requiredIds: keyConfigId },
  "ums.requests": { method: "GET", path: "/api/ums/v1/ums-req/requests", access: ALL, module: "api", failure: MSG.fetchUmsRequests },
  "ums.request": { method: "GET", path: "/api/ums/v1/ums-req/requests/:id", access: ALL, module: "api", requiredIds: requestId },
  "ums.requestMessages": { method: "GET", path: "/api/ums/v1/ums-req/requests/:id/messages", access: ALL, module: "api", requiredIds: requestId, queryDefaults: { page: 1, limit: 10 } },

  // Platform campaigns and reports
  "campaigns.list": { method: "GET", path: "/api/v1/campaigns", access: ALL, module: "campaign", failure: MSG.fetchCampaigns },
  "campaigns.responses": { method: "GET", path: "/api/campaigns/responses", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("query") },
  "campaigns.status": { method: "GET", path: "/api/reports/campaignStatus/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path") },
  "campaigns.create": { method: "POST", path: "/api/campaigns/create-campaign", access: USER_MANAGER, module: "campaign", failure: MSG.createCampaign },
  "campaigns.start": { method: "POST", path: "/api/campaigns/start-campaign/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), failure: MSG.startCampaign },
  "campaigns.validatingProgress": { method: "GET", path: "/api/v1/reports/validating-progress/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path") },
  "campaigns.discard": { method: "PUT", path: "/api/campaigns/:id/discard", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path") },
  "campaigns.search": { method: "GET", path: "/api/v1/campaigns/search", access: ["admin", "reseller", "user", "manager"], module: "campaign" },
  "campaigns.searchWithin": { method: "GET", path: "/api/v1/campaigns/search/:id", access: ALL, module: "campaign", requiredIds: campaignId("path") },
  "campaigns.downloadNumbers": { method: "GET", path: "/api/reports/download-campaign-numbers/:id", access: ALL, module: "campaign", requiredIds: campaignId("path"), download: true },
  "campaigns.downloadExcel": { method: "GET", path: "/api/reports/download-excel", access: ALL, module: "campaign", requiredIds: campaignId("query"), download: true },
  "reports.generate": { method: "POST", path: "/api/v1/reports/generate/:from/:to/:channel/:campaignId", access: NOT_RESELLER, queryDefaults: { detailedCampaignReport: false }, failure: MSG.generateReport },
  "reports.list": { method: "GET", path: "/api/v1/reports/list", access: NOT_RESELLER, failure: MSG.fetchReports },
  "reports.details": { method: "GET", path: "/api/v1/reports/details/:id", access: NOT_RESELLER, failure: MSG.fetchReportDetails },
  "reports.download": { method: "GET", path: "/api/v1/reports/download/:id", access: NOT_RESELLER, download: true, failure: MSG.downloadReport },
  "reports.delete": { method: "DELETE", path: "/api/v1/reports/delete/:id", access: NOT_RESELLER, failure: MSG.deleteReport },

  // WhatsApp
  "waba.active": { method: "GET", path: "/api/waba/active-wabas", access: USER_MANAGER },
  "waba.templates.list": { method: "GET", path: "/api/waba/templates", access: USER_MANAGER, module: "template", failure: MSG.fetchTemplates },
  "waba.templates.create": { method: "POST", path: "/api/waba/create-template", access: USER_MANAGER, module: "template", multipart: true, failure: MSG.createTemplate },
  "waba.templates.delete": { method: "DELETE", path: "/api/waba/templates", access: USER_MANAGER, module: "template" },
  "waba.media.upload": { method: "POST", path: "/api/waba/media/upload-whatsapp-media", access: USER_MANAGER, multipart: true, failure: MSG.uploadCampaignMedia },
  "waba.media.uploadSession": { method: "POST", path: "/api/waba/media/upload-meta-session", access: USER_MANAGER, multipart: true, failure: MSG.uploadTemplateMedia },
  "waba.campaigns.list": { method: "GET", path: "/api/waba/campaign/user-campaigns", access: USER_MANAGER, module: "campaign", failure: MSG.fetchCampaigns },
  "waba.campaigns.create": { method: "POST", path: "/api/waba/campaign/create-campaign", access: USER_MANAGER, module: "campaign", multipart: true, failure: MSG.createCampaign },
  "waba.campaigns.start": { method: "POST", path: "/api/waba/campaign/start-campaign/:id", access: USER_MANAGER, module: "campaign", requiredIds: campaignId("path"), failure: MSG.startCampaign },
  "waba.campaigns.responses": { method: "GET", path: "/api/waba/campaign/campaign-responses", access: USER_MANAGER, module: "campaign" },
  "waba.onboarding": { method: "POST", path: "/api/waba/onboarding/facebook", access: USER_MANAGER },
  "waba.analytics": { method: "GET", path: "/api/waba/analytics", access: WORKSPACE },
  "waba.phoneNumbers": { method: "GET", path: "/api/waba/phone_numbers", access: WORKSPACE, failure: MSG.fetchPhoneNumbers },
  "waba.businessProfile.get": { method: "GET", path: "/api/waba/whatsapp_business_profile", access: ["admin", "manager", "user"] },
  "waba.businessProfile.set": { method: "POST", path: "/api/waba/whatsapp_business_profile", access: ["admin", "manager", "user"] },

  // Uploads
  "uploads.list": { method: "GET", path: "/api/upload/list", access: USER_MANAGER },
  "uploads.create": { method: "POST", path: "/api/upload/aws-upload", access: USER_MANAGER, failure: MSG.uploadTemplateMedia },
  "uploads.delete": { method: "DELETE", path: "/api/upload/:id", access: USER_MANAGER, failure: MSG.deleteMedia },

  // AI agents
  "ai.agents.create": { method: "POST", path: `${FLOW}/agents`, access: AI },
  "ai.agents.list": { method: "GET", path: `${FLOW}/agents`, access: AI },
  "ai.agents.get": { method: "GET", path: `${FLOW}/agents/:id`, access: AI },
  "ai.agents.update": { method: "PUT", path: `${FLOW}/agents/:id`, access: AI },
  "ai.agents.delete": { method: "DELETE", path: `${FLOW}/agents/:id`, access: AI },
  "ai.agentConfigs.stats": { method: "GET", path: `${FLOW}/agent-configs/stats`, access: AI },
  "ai.agentConfigs.list": { method: "GET", path: `${FLOW}/agent-configs`, access: AI },
  "ai.agentConfigs.enhancePrompt": { method: "POST", path: `${FLOW}/agent-configs/agent/:id/enhance-prompt`, access: AI },
  "ai.agentConfigs.setDefault": { method: "POST", path: `${FLOW}/agent-configs/agent/:id/default`, access: AI },
  "ai.agentConfigs.createForAgent": { method: "POST", path: `${FLOW}/agent-configs/agent/:id`, access: AI },
  "ai.agentConfigs.updateForAgent": { method: "PUT", path: `${FLOW}/agent-configs/agent/:id`, access: AI },
  "ai.agentConfigs.deleteForAgent": { method: "DELETE", path: `${FLOW}/agent-configs/agent/:id`, access: AI },
  "ai.agentConfigs.validate": { method: "GET", path: `${FLOW}/agent-configs/:id/validate`, access: AI },
  "ai.agentConfigs.get": { method: "GET", path: `${FLOW}/agent-configs/:id`, access: AI },
  "ai.agentConfigs.update": { method: "PUT", path: `${FLOW}/agent-configs/:id`, access: AI },
  "ai.agentConfigs.delete": { method: "DELETE", path: `${FLOW}/agent-configs/:id`, access: AI },
  "ai.knowledge.create": { method: "POST", path: `${FLOW}/knowledge`, access: AI },
  "ai.knowledge.list": { method: "GET", path: `${FLOW}/knowledge`, access: AI },
  "ai.knowledge.stats": { method: "GET", path: `${FLOW}/knowledge/stats`, access: AI },
  "ai.knowledge.search": { method: "GET", path: `${FLOW}/knowledge/search`, access: AI, queryDefaults: { limit: 10 } },
  "ai.knowledge.get": { method: "GET", path: `${FLOW}/knowledge/:id`, access: AI },
  "ai.knowledge.update": { method: "PUT", path: `${FLOW}/knowledge/:id`, access: AI },
  "ai.knowledge.delete": { method: "DELETE", path: `${FLOW}/knowledge/:id`, access: AI },
  "ai.businessContext.create": { method: "POST", path: `${FLOW}/business-context`, access: "signed-in" },
  "ai.businessContext.list": { method: "GET", path: `${FLOW}/business-context`, access: "signed-in" },
  "ai.businessContext.stats": { method: "GET", path: `${FLOW}/business-context/stats`, access: "signed-in" },
  "ai.businessContext.summary": { method: "GET", path: `${FLOW}/business-context/summary`, access: "signed-in" },
  "ai.businessContext.search": { method: "GET", path: `${FLOW}/business-context/search`, access: "signed-in", queryDefaults: { page: 1, limit: 10 } },
  "ai.businessContext.getForAgent": { method: "GET", path: `${FLOW}/business-context/agent/:id`, access: "signed-in" },
  "ai.businessContext.updateForAgent": { method: "PUT", path: `${FLOW}/business-context/agent/:id`, access: "signed-in" },
  "ai.businessContext.validate": { method: "GET", path: `${FLOW}/business-context/:id/validate`, access: "signed-in" },
  "ai.businessContext.get": { method: "GET", path: `${FLOW}/business-context/:id`, access: "signed-in" },
  "ai.businessContext.update": { method: "PUT", path: `${FLOW}/business-context/:id`, access: "signed-in" },
  "ai.businessContext.delete": { method: "DELETE", path: `${FLOW}/business-context/:id`, access: "signed-in" },
  "ai.intents.create": { method: "POST", path: `${FLOW}/intent-mappings`, access: AI },
  "ai.intents.list": { method: "GET", path: `${FLOW}/intent-mappings`, access: AI },
  "ai.intents.stats": { method: "GET", path: `${FLOW}/intent-mappings/stats`, access: AI },
  "ai.intents.testClassification": { method: "POST", path: `${FLOW}/intent-mappings/test-classification`, access: AI },
  "ai.intents.bulk": { method: "POST", path: `${FLOW}/intent-mappings/bulk`, access: AI },
  "ai.intents.get": { method: "GET", path: `${FLOW}/intent-mappings/:id`, access: AI },
  "ai.intents.update": { method: "PUT", path: `${FLOW}/intent-mappings/:id`, access: AI },
  "ai.intents.delete": { method: "DELETE", path: `${FLOW}/intent-mappings/:id`, access: AI },
} as const satisfies Record<string, CallDef>;

export type CallId = keyof typeof CALLS;
export const CALL_IDS = Object.keys(CALLS) as CallId[];

export function callDef(id: CallId): CallDef {
  return CALLS[id];
}

/** Roles a call admits: "public" and "signed-in" admit every role. */
export function rolesFor(id: CallId): readonly Role[] {
  const { access } = callDef(id);
  return typeof access === "string" ? ALL : access;
}

/** Fill `:name` parameters of a call's path. */
export function buildPath(id: CallId, params: Readonly<Record<string, string | number>> = {}): string {
  return callDef(id).path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`Missing path parameter "${name}" for ${id}`);
    return encodeURIComponent(String(value));
  });
}
