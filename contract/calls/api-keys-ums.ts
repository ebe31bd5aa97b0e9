import { MSG } from "../messages";
import { ALL, apiKeyId, keyConfigId, requestId } from "./access";
import { PAGE_DEFAULTS, PageQuery } from "./pagination";
import { ID, NOT_BUILT } from "./replies";
import type { CallDef } from "./types";

/** SPEC shows "query params" without naming them: paging is the part every list has. */
const ListQuery = PageQuery;

/** SPEC 7 "API keys and UMS". */
export const API_KEY_UMS_CALLS = {
  "apiKeys.list": { method: "GET", path: "/api/ums/v1/api-keys", access: ALL, module: "api", failure: MSG.fetchApiKeys, query: ListQuery, response: NOT_BUILT },
  "apiKeys.create": { method: "POST", path: "/api/ums/v1/api-keys", access: ALL, module: "api", response: NOT_BUILT },
  "apiKeys.validate": { method: "POST", path: "/api/ums/v1/api-keys/validate", access: ALL, module: "api", failure: MSG.validateApiKey, response: NOT_BUILT },
  "apiKeys.update": { method: "PUT", path: "/api/ums/v1/api-keys/:id", access: ALL, module: "api", requiredIds: apiKeyId, params: ID, response: NOT_BUILT },
  "apiKeys.delete": { method: "DELETE", path: "/api/ums/v1/api-keys/:id", access: ALL, module: "api", requiredIds: apiKeyId, failure: MSG.deleteApiKey, params: ID, response: NOT_BUILT },
  "apiKeys.regenerate": { method: "POST", path: "/api/ums/v1/api-keys/:id/regenerate", access: ALL, module: "api", requiredIds: apiKeyId, params: ID, response: NOT_BUILT },
  "keyConfigs.list": { method: "GET", path: "/api/ums/v1/key-configs", access: ALL, module: "api", query: ListQuery, response: NOT_BUILT },
  "keyConfigs.create": { method: "POST", path: "/api/ums/v1/key-configs", access: ALL, module: "api", response: NOT_BUILT },
  "keyConfigs.get": { method: "GET", path: "/api/ums/v1/key-configs/:id", access: ALL, module: "api", requiredIds: keyConfigId, failure: MSG.fetchKeyConfig, params: ID, response: NOT_BUILT },
  "keyConfigs.update": { method: "PUT", path: "/api/ums/v1/key-configs/:id", access: ALL, module: "api", requiredIds: keyConfigId, params: ID, response: NOT_BUILT },
  "keyConfigs.delete": { method: "DELETE", path: "/api/ums/v1/key-configs/:id", access: ALL, module: "api", requiredIds: keyConfigId, params: ID, response: NOT_BUILT },
  "ums.requests": { method: "GET", path: "/api/ums/v1/ums-req/requests", access: ALL, module: "api", failure: MSG.fetchUmsRequests, query: ListQuery, response: NOT_BUILT },
  "ums.request": { method: "GET", path: "/api/ums/v1/ums-req/requests/:id", access: ALL, module: "api", requiredIds: requestId, params: ID, response: NOT_BUILT },
  "ums.requestMessages": {
    method: "GET", path: "/api/ums/v1/ums-req/requests/:id/messages", access: ALL, module: "api", requiredIds: requestId, queryDefaults: PAGE_DEFAULTS,
    params: ID, query: PageQuery, response: NOT_BUILT,
  },
} as const satisfies Record<string, CallDef>;
