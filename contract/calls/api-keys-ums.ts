import type { TSchema } from "@sinclair/typebox";
import { API_KEY_STATUSES, type ApiKeyStatus } from "../domain/api-keys";
import { MSG } from "../messages";
import { ALL, apiKeyId, keyConfigId, requestId } from "./access";
import {
  ApiKeyRecord,
  EffectiveKeyConfig,
  IssuedApiKey,
  KeyConfigRecord,
  PublicMessageRecord,
  UmsRequestDetail,
  UmsRequestRecord,
} from "./api-key-records";
import { PAGE_DEFAULTS, PageQuery } from "./pagination";
import { Confirmation, ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const Saved = <S extends TSchema>(data: S) => ok({ message: Type.String(), data });
const Paged = { count: Type.Integer(), page: Type.Integer(), limit: Type.Integer(), totalPages: Type.Integer() };
const Uuid = Type.String({ format: "uuid" });

/** SPEC shows "query params" without naming them: paging, a search over name and prefix, and the key's status. */
const KeyListQuery = Type.Object({
  ...PageQuery.properties,
  search: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Unsafe<ApiKeyStatus>({ type: "string", enum: [...API_KEY_STATUSES] })),
});

const ConfigListQuery = Type.Object({ ...PageQuery.properties, apiKeyId: Type.Optional(Uuid) });

/** The request log's filters: the answer's status (2xx, anything else, or one code), the key, and a time range. */
const RequestListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(
    Type.String({
      pattern: "^(success|error|[1-5][0-9][0-9])$",
      description: "success (2xx), error (anything else) or a status code",
    }),
  ),
  apiKeyId: Type.Optional(Uuid),
  from: Type.Optional(Type.String({ format: "date-time" })),
  to: Type.Optional(Type.String({ format: "date-time" })),
});

/**
 * SPEC 7 "API keys and UMS". Keys, configurations and the request log belong to one account: each account sees
 * and manages its own (a key is its owner's credential; a parent stops a sub-account's keys by suspending it).
 * Another account's key, configuration or request answers 404. The key-config call SPEC leaves cut off is
 * `keyConfigs.forKey`: what applies to one key (its configuration, else its account's, else the defaults).
 */
export const API_KEY_UMS_CALLS = {
  "apiKeys.list": {
    method: "GET",
    path: "/api/ums/v1/api-keys",
    access: ALL,
    module: "api",
    failure: MSG.fetchApiKeys,
    query: KeyListQuery,
    response: replies({ 200: ok({ data: Type.Object({ apiKeys: Type.Array(ApiKeyRecord), ...Paged }) }) }),
    summary: "The account's API keys (deleted ones too, with deactivatedAt), newest first",
  },
  "apiKeys.create": {
    method: "POST",
    path: "/api/ums/v1/api-keys",
    access: ALL,
    module: "api",
    bodySchema: "api-key-create",
    response: replies({ 201: Saved(IssuedApiKey) }),
    summary: "Create an API key: the whole key is in this answer only; the server keeps a hash",
  },
  "apiKeys.validate": {
    method: "POST",
    path: "/api/ums/v1/api-keys/validate",
    access: ALL,
    module: "api",
    failure: MSG.validateApiKey,
    bodySchema: "api-key-validate",
    response: replies({
      200: ok({
        data: Type.Object({
          valid: Type.Boolean(),
          reason: Type.Union([Type.String(), Type.Null()]),
          apiKey: Type.Union([ApiKeyRecord, Type.Null()]),
        }),
      }),
    }),
    summary: "Whether one of the account's keys works now, and if not why (deleted, expired, unknown)",
  },
  "apiKeys.update": {
    method: "PUT",
    path: "/api/ums/v1/api-keys/:id",
    access: ALL,
    module: "api",
    requiredIds: apiKeyId,
    params: ID,
    bodySchema: "api-key-update",
    response: replies({ 200: Saved(ApiKeyRecord) }),
    summary: "Rename a key, change its scopes or its expiry",
  },
  "apiKeys.delete": {
    method: "DELETE",
    path: "/api/ums/v1/api-keys/:id",
    access: ALL,
    module: "api",
    requiredIds: apiKeyId,
    failure: MSG.deleteApiKey,
    params: ID,
    response: replies({ 200: Saved(ApiKeyRecord) }),
    summary: "Delete a key (soft: deactivatedAt is set); it stops working at once on every server",
  },
  "apiKeys.regenerate": {
    method: "POST",
    path: "/api/ums/v1/api-keys/:id/regenerate",
    access: ALL,
    module: "api",
    requiredIds: apiKeyId,
    params: ID,
    bodySchema: "api-key-regenerate",
    response: replies({ 200: Saved(IssuedApiKey) }),
    summary: "A new secret for a key; the old one stops at once or after the grace period chosen",
  },
  "keyConfigs.list": {
    method: "GET",
    path: "/api/ums/v1/key-configs",
    access: ALL,
    module: "api",
    query: ConfigListQuery,
    response: replies({ 200: ok({ data: Type.Array(KeyConfigRecord), ...Paged }) }),
    summary: "The account's key configurations (the account's own first)",
  },
  "keyConfigs.create": {
    method: "POST",
    path: "/api/ums/v1/key-configs",
    access: ALL,
    module: "api",
    bodySchema: "key-config",
    response: replies({ 201: Saved(KeyConfigRecord) }),
    summary: "Configure one key, or (without apiKeyId) the account's keys that have no configuration",
  },
  "keyConfigs.forKey": {
    method: "GET",
    path: "/api/ums/v1/key-configs/key/:id",
    access: ALL,
    module: "api",
    requiredIds: apiKeyId,
    failure: MSG.fetchKeyConfig,
    params: ID,
    response: replies({ 200: ok({ data: EffectiveKeyConfig }) }),
    summary: "What applies to one API key, and where it comes from (its configuration, the account's, the defaults)",
  },
  "keyConfigs.get": {
    method: "GET",
    path: "/api/ums/v1/key-configs/:id",
    access: ALL,
    module: "api",
    requiredIds: keyConfigId,
    failure: MSG.fetchKeyConfig,
    params: ID,
    response: replies({ 200: ok({ data: KeyConfigRecord }) }),
    summary: "One key configuration",
  },
  "keyConfigs.update": {
    method: "PUT",
    path: "/api/ums/v1/key-configs/:id",
    access: ALL,
    module: "api",
    requiredIds: keyConfigId,
    params: ID,
    bodySchema: "key-config-update",
    response: replies({ 200: Saved(KeyConfigRecord) }),
    summary: "Replace a key configuration's settings; they apply at once on every server",
  },
  "keyConfigs.delete": {
    method: "DELETE",
    path: "/api/ums/v1/key-configs/:id",
    access: ALL,
    module: "api",
    requiredIds: keyConfigId,
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete a key configuration: its keys fall back to the account's (or the defaults)",
  },
  "ums.requests": {
    method: "GET",
    path: "/api/ums/v1/ums-req/requests",
    access: ALL,
    module: "api",
    failure: MSG.fetchUmsRequests,
    query: RequestListQuery,
    response: replies({ 200: ok({ data: Type.Array(UmsRequestRecord), ...Paged }) }),
    summary: "Requests made with the account's API keys, newest first, filtered by time, status and key",
  },
  "ums.request": {
    method: "GET",
    path: "/api/ums/v1/ums-req/requests/:id",
    access: ALL,
    module: "api",
    requiredIds: requestId,
    failure: MSG.fetchUmsRequests,
    params: ID,
    response: replies({ 200: ok({ data: UmsRequestDetail }) }),
    summary: "One request: what was asked, what was answered, its error code and details",
  },
  "ums.requestMessages": {
    method: "GET",
    path: "/api/ums/v1/ums-req/requests/:id/messages",
    access: ALL,
    module: "api",
    requiredIds: requestId,
    queryDefaults: PAGE_DEFAULTS,
    failure: MSG.fetchUmsRequests,
    params: ID,
    query: PageQuery,
    response: replies({ 200: ok({ data: Type.Array(PublicMessageRecord), ...Paged }) }),
    summary: "The messages one request created, with their current state",
  },
} as const satisfies Record<string, CallDef>;
