import type { Static } from "@sinclair/typebox";
import {
  WEBHOOK_DELIVERY_EVENTS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDeliveryEvent,
  type WebhookDeliveryStatus,
  type WebhookEvent,
} from "../domain/webhooks";
import { ALL } from "./access";
import { PageQuery } from "./pagination";
import { Confirmation, ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

const date = () => Type.Union([Type.String({ format: "date-time" }), Type.Null()]);
const nullableText = () => Type.Union([Type.String(), Type.Null()]);
const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

export const WebhookEventField = enumOf<WebhookEvent>(WEBHOOK_EVENTS);
export const WebhookDeliveryEventField = enumOf<WebhookDeliveryEvent>(WEBHOOK_DELIVERY_EVENTS);
export const WebhookDeliveryStatusField = enumOf<WebhookDeliveryStatus>(WEBHOOK_DELIVERY_STATUSES);

/** An endpoint as the console lists it. The secret itself is answered only by create and rotate-secret. */
export const WebhookEndpointRecord = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(WebhookEventField),
  active: Type.Boolean(),
  /** The secret's prefix and last four characters, to tell which one a receiver holds. */
  secretHint: Type.String(),
  /** Until then the previous secret's signature is sent too (a day after a rotation); null otherwise. */
  previousSecretUntil: date(),
  pending: Type.Integer({ description: "deliveries waiting for an attempt or a retry" }),
  failed: Type.Integer({ description: "deliveries that gave up in the last 7 days" }),
  lastDeliveryAt: date(),
  lastDeliveryStatus: Type.Union([WebhookDeliveryStatusField, Type.Null()]),
  lastResponseStatus: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});

export const WebhookDeliveryRecord = Type.Object({
  /** Also the X-Webhook-Id header: the same on every attempt. */
  id: Type.String(),
  endpointId: Type.String(),
  /** The event's id (the body's `id`), shared by the deliveries of one event to several endpoints. */
  eventId: Type.String(),
  event: WebhookDeliveryEventField,
  status: WebhookDeliveryStatusField,
  attempts: Type.Integer(),
  /** The last attempt's HTTP status; null when it got no answer (refused address, network error, timeout). */
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  error: nullableText(),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String({ format: "date-time" }),
  lastAttemptAt: date(),
  /** When a pending delivery is tried next; null once it succeeded or failed. */
  nextAttemptAt: date(),
  deliveredAt: date(),
});

export const WebhookDeliveryDetail = Type.Object({
  ...WebhookDeliveryRecord.properties,
  /** The JSON body exactly as sent (and signed). */
  body: Type.String(),
  /** The start of the last answer's body (at most 1 KB). */
  responseBody: nullableText(),
});

const Secret = Type.String({ description: "The signing secret: shown once, store it with the receiver" });
const EndpointSaved = ok({ message: Type.String(), data: WebhookEndpointRecord });
const DeliverySaved = ok({ message: Type.String(), data: WebhookDeliveryRecord });

const DeliveryQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(WebhookDeliveryStatusField),
  event: Type.Optional(WebhookDeliveryEventField),
});

/**
 * Ours (SPEC has no webhook calls): outbound webhooks of the caller's own account, beside its API keys in API
 * Control (module api, every role, each on its own account). Events are POSTed as signed JSON and retried with
 * backoff for 24 hours; the delivery log keeps each delivery with its attempts and last answer.
 */
export const WEBHOOK_CALLS = {
  "webhooks.list": {
    method: "GET",
    path: "/api/v1/webhooks",
    access: ALL,
    module: "api",
    query: PageQuery,
    response: replies({
      200: ok({ data: Type.Array(WebhookEndpointRecord), total: Type.Integer(), totalPages: Type.Integer() }),
    }),
    summary: "The account's webhook endpoints with their pending and failed deliveries",
  },
  "webhooks.create": {
    method: "POST",
    path: "/api/v1/webhooks",
    access: ALL,
    module: "api",
    bodySchema: "webhook-endpoint",
    response: replies({ 201: ok({ message: Type.String(), data: WebhookEndpointRecord, secret: Secret }) }),
    summary: "Add an endpoint; the answer carries its signing secret, shown this once",
  },
  "webhooks.get": {
    method: "GET",
    path: "/api/v1/webhooks/:id",
    access: ALL,
    module: "api",
    params: ID,
    response: replies({ 200: ok({ data: WebhookEndpointRecord }) }),
    summary: "One endpoint",
  },
  "webhooks.update": {
    method: "PUT",
    path: "/api/v1/webhooks/:id",
    access: ALL,
    module: "api",
    params: ID,
    bodySchema: "webhook-endpoint-update",
    response: replies({ 200: EndpointSaved }),
    summary: "Change an endpoint's URL, events, description or active flag",
  },
  "webhooks.delete": {
    method: "DELETE",
    path: "/api/v1/webhooks/:id",
    access: ALL,
    module: "api",
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete an endpoint and its delivery log; nothing more is sent to it",
  },
  "webhooks.rotateSecret": {
    method: "POST",
    path: "/api/v1/webhooks/:id/rotate-secret",
    access: ALL,
    module: "api",
    params: ID,
    response: replies({ 200: ok({ message: Type.String(), data: WebhookEndpointRecord, secret: Secret }) }),
    summary: "A new signing secret, shown once; for 24 hours deliveries are signed with the old one too",
  },
  "webhooks.test": {
    method: "POST",
    path: "/api/v1/webhooks/:id/test",
    access: ALL,
    module: "api",
    params: ID,
    response: replies({ 200: DeliverySaved }),
    summary: "Send a signed `webhook.test` event now and answer how it went (retried like any delivery if it failed)",
  },
  "webhooks.deliveries": {
    method: "GET",
    path: "/api/v1/webhooks/:id/deliveries",
    access: ALL,
    module: "api",
    params: ID,
    query: DeliveryQuery,
    response: replies({
      200: ok({ data: Type.Array(WebhookDeliveryRecord), total: Type.Integer(), totalPages: Type.Integer() }),
    }),
    summary: "An endpoint's delivery log, newest first, by status and event",
  },
  "webhooks.delivery": {
    method: "GET",
    path: "/api/v1/webhook-deliveries/:id",
    access: ALL,
    module: "api",
    params: ID,
    response: replies({ 200: ok({ data: WebhookDeliveryDetail }) }),
    summary: "One delivery with the body sent and the start of the last answer",
  },
  "webhooks.resend": {
    method: "POST",
    path: "/api/v1/webhook-deliveries/:id/resend",
    access: ALL,
    module: "api",
    params: ID,
    response: replies({ 200: DeliverySaved }),
    summary: "Send one delivery again now, with the same X-Webhook-Id; if it fails it is retried for another 24 hours",
  },
} as const satisfies Record<string, CallDef>;

export type WebhookEndpointRecord = Static<typeof WebhookEndpointRecord>;
export type WebhookDeliveryRecord = Static<typeof WebhookDeliveryRecord>;
export type WebhookDeliveryDetail = Static<typeof WebhookDeliveryDetail>;
