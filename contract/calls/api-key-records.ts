import type { Static } from "@sinclair/typebox";
import {
  API_KEY_STATUSES,
  API_SCOPES,
  PUBLIC_MESSAGE_STATES,
  type ApiKeyStatus,
  type ApiScope,
  type PublicMessageState,
} from "../domain/api-keys";
import { CampaignChannelField } from "./campaign-records";
import { Type } from "./type";

// What the API key, key configuration, request log (UMS) and public API calls answer.

const DateTime = Type.String({ format: "date-time" });
const date = () => Type.Union([DateTime, Type.Null()]);
const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
/** Any JSON value (a logged request or answer body); the serializer writes it as it is. */
const AnyJson = Type.Unsafe<unknown>({});

export const ApiScopeField = enumOf<ApiScope>(API_SCOPES);
export const ApiKeyStatusField = enumOf<ApiKeyStatus>(API_KEY_STATUSES);
export const PublicMessageStateField = enumOf<PublicMessageState>(PUBLIC_MESSAGE_STATES);

export const ApiKeyRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** `mc_live_<public id>`: how lists and logs name the key; the secret after it is never shown again. */
  prefix: Type.String(),
  scopes: Type.Array(ApiScopeField),
  status: ApiKeyStatusField,
  expiresAt: date(),
  lastUsedAt: date(),
  createdAt: DateTime,
  updatedAt: DateTime,
  /** SPEC 3: set when the key is deleted (soft). */
  deactivatedAt: date(),
  regeneratedAt: date(),
  /** After a regeneration with a grace period: until when the old secret still works. */
  previousSecretValidUntil: date(),
  /** The key's own configuration, when it has one (otherwise the account's applies, or the defaults). */
  configId: nullableText(),
});
export type ApiKeyRecord = Static<typeof ApiKeyRecord>;

/** A new or regenerated key: the record and the whole key, shown this once. */
export const IssuedApiKey = Type.Object({ apiKey: ApiKeyRecord, key: Type.String() });

export const KeyConfigRecord = Type.Object({
  id: Type.String(),
  /** The key it configures; null: the account's configuration, for its keys without one of their own. */
  apiKeyId: nullableText(),
  apiKeyName: nullableText(),
  name: Type.String(),
  channels: Type.Array(CampaignChannelField),
  scopes: Type.Array(ApiScopeField),
  /** IPv4 and IPv6 addresses and CIDR ranges; empty: any address. */
  ipAllowList: Type.Array(Type.String()),
  ratePerSecond: Type.Integer(),
  ratePerDay: Type.Integer(),
  expiresAt: date(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type KeyConfigRecord = Static<typeof KeyConfigRecord>;

/**
 * What applies to one key: its configuration, else its account's, else the defaults, joined with the key's own limits.
 */
export const EffectiveKeyConfig = Type.Object({
  apiKeyId: Type.String(),
  source: Type.Unsafe<"key" | "account" | "default">({ type: "string", enum: ["key", "account", "default"] }),
  configId: nullableText(),
  channels: Type.Array(CampaignChannelField),
  /** The key's scopes that its configuration also allows. */
  scopes: Type.Array(ApiScopeField),
  ipAllowList: Type.Array(Type.String()),
  ratePerSecond: Type.Integer(),
  ratePerDay: Type.Integer(),
  /** The earlier of the key's expiry and its configuration's. */
  expiresAt: date(),
});
export type EffectiveKeyConfig = Static<typeof EffectiveKeyConfig>;

export const UmsRequestRecord = Type.Object({
  id: Type.String(),
  apiKeyId: nullableText(),
  apiKeyName: nullableText(),
  apiKeyPrefix: nullableText(),
  method: Type.String(),
  /** The call's route (`/api/public/v1/messages/:id`) and the path asked for. */
  route: Type.String(),
  path: Type.String(),
  status: Type.Integer(),
  latencyMs: Type.Number(),
  ip: Type.String(),
  /** The refusal's code (PUBLIC_ERRORS) and message; null for an answer that succeeded. */
  errorCode: nullableText(),
  errorMessage: nullableText(),
  messageCount: Type.Integer(),
  createdAt: DateTime,
});
export type UmsRequestRecord = Static<typeof UmsRequestRecord>;

export const UmsRequestDetail = Type.Object({
  ...UmsRequestRecord.properties,
  idempotencyKey: nullableText(),
  userAgent: nullableText(),
  /** The request body as received (bodies over 64 KB are cut, said by `requestTruncated`); the key is never kept. */
  requestBody: AnyJson,
  requestTruncated: Type.Boolean(),
  responseBody: AnyJson,
  /** Field errors of a refused request (SPEC 8: the UMS slices keep the details). */
  errorDetails: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
});
export type UmsRequestDetail = Static<typeof UmsRequestDetail>;

export const PublicMessageRecord = Type.Object({
  id: Type.String(),
  /** The channel it is on now (a fallback moves it down the chain). */
  channel: CampaignChannelField,
  /** The channels it may go through, in order: the first, then its fallbacks. */
  channels: Type.Array(CampaignChannelField),
  to: Type.String(),
  from: Type.String(),
  status: PublicMessageStateField,
  reference: nullableText(),
  /** Rupees charged so far (a fallback is charged when it is sent). */
  cost: Type.Number(),
  code: nullableText(),
  reason: nullableText(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type PublicMessageRecord = Static<typeof PublicMessageRecord>;

export const PublicMessageEvent = Type.Object({
  status: PublicMessageStateField,
  channel: CampaignChannelField,
  at: DateTime,
  code: Type.Optional(nullableText()),
  reason: Type.Optional(nullableText()),
});
export type PublicMessageEvent = Static<typeof PublicMessageEvent>;

export const PublicMessageDetail = Type.Object({
  ...PublicMessageRecord.properties,
  requestId: Type.String(),
  /** Every state it went through, oldest first. */
  history: Type.Array(PublicMessageEvent),
});
export type PublicMessageDetail = Static<typeof PublicMessageDetail>;

export const PublicTemplateRecord = Type.Object({
  id: Type.String(),
  channel: CampaignChannelField,
  name: Type.String(),
  /** The sender it belongs to (SMS header, WhatsApp phone number id, RCS bot id). */
  from: Type.String(),
  /** How many values `variables` must hold. */
  variables: Type.Integer(),
  body: Type.String(),
});
export type PublicTemplateRecord = Static<typeof PublicTemplateRecord>;

/** The public API's refusals carry a stable `code` beside the message (PUBLIC_ERRORS). */
export const PublicErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
});
