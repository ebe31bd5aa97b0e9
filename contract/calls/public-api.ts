import type { TSchema } from "@sinclair/typebox";
import { CAMPAIGN_CHANNELS, type CampaignChannel } from "../constants";
import { PublicErrorBody, PublicMessageDetail, PublicMessageRecord, PublicTemplateRecord } from "./api-key-records";
import { BATCH_DOCS, GET_DOCS, SEND_DOCS, TEMPLATES_DOCS } from "./public-api-docs";
import { PUBLIC_CONTACT_CALLS } from "./public-contacts";
import { PUBLIC_CONVERSION_CALLS } from "./public-conversions";
import { ID } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
/**
 * The public API's answers: the success schema, and the error body with its stable `code` for every refusal; the
 * 429 of the key's rate limit is named apart because it carries Retry-After.
 */
const publicReplies = <
  R extends Readonly<Record<200 | 201, TSchema>> | Readonly<Record<200, TSchema>> | Readonly<Record<201, TSchema>>,
>(
  success: R,
) =>
  ({ ...success, 429: PublicErrorBody, "4xx": PublicErrorBody, "5xx": PublicErrorBody }) as R & {
    429: typeof PublicErrorBody;
    "4xx": typeof PublicErrorBody;
    "5xx": typeof PublicErrorBody;
  };

/**
 * The public API (ours; the issue asks for it, SPEC has none): a business's own systems send messages with an API
 * key instead of a session (`Authorization: Bearer <key>` or `X-API-Key: <key>`), within the key's scope, channels,
 * IP allow-list and rate limit (server/auth/api-key-guard.ts checks them in one place). Sends are paid from the
 * key's account through the ledger and go out through the same dispatcher and carriers as campaigns. Every request
 * made with a valid key is in the account's request log (ums.requests).
 */
export const PUBLIC_API_CALLS = {
  "public.messages.send": {
    method: "POST",
    path: "/api/public/v1/messages",
    access: "api-key",
    scope: "messages:send",
    bodySchema: "public-message",
    response: publicReplies({ 201: ok({ data: PublicMessageRecord }) }),
    summary:
      "Send one message (a template with its values, or text where the channel allows it), with an optional fallback chain; honours Idempotency-Key for 24 hours",
    docs: SEND_DOCS,
  },
  "public.messages.batch": {
    method: "POST",
    path: "/api/public/v1/messages/batch",
    access: "api-key",
    scope: "messages:send",
    bodySchema: "public-message-batch",
    response: publicReplies({
      201: ok({
        data: Type.Object({ messages: Type.Array(PublicMessageRecord), count: Type.Integer(), cost: Type.Number() }),
      }),
    }),
    summary:
      "Send up to 1,000 messages: all are accepted and paid for together, or none (the errors name each message by its index)",
    docs: BATCH_DOCS,
  },
  "public.messages.get": {
    method: "GET",
    path: "/api/public/v1/messages/:id",
    access: "api-key",
    scope: "reports:read",
    params: ID,
    response: publicReplies({ 200: ok({ data: PublicMessageDetail }) }),
    summary: "One message of the key's account, with every state it went through",
    docs: GET_DOCS,
  },
  "public.templates.list": {
    method: "GET",
    path: "/api/public/v1/templates",
    access: "api-key",
    scope: "templates:manage",
    query: Type.Object({
      channel: Type.Optional(Type.Unsafe<CampaignChannel>({ type: "string", enum: [...CAMPAIGN_CHANNELS] })),
    }),
    response: publicReplies({ 200: ok({ data: Type.Array(PublicTemplateRecord) }) }),
    summary: "The templates the key's account can send, with their ids, senders and number of values",
    docs: TEMPLATES_DOCS,
  },
  ...PUBLIC_CONTACT_CALLS,
  ...PUBLIC_CONVERSION_CALLS,
} as const satisfies Record<string, CallDef>;
