import type { Static } from "@sinclair/typebox";
import {
  SUPPORT_DELIVERY,
  SUPPORT_DESTINATIONS,
  SUPPORT_KINDS,
  SUPPORT_STATUSES,
  type SupportDelivery,
  type SupportDestination,
  type SupportKind,
  type SupportStatus,
} from "../domain/support";
import { PageQuery } from "./pagination";
import { ID, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });

const AR = ["admin", "reseller"] as const;

/** One ticket as its two sides see it (without the thread). */
export const SupportTicketRecord = Type.Object({
  _id: Type.String(),
  /** The short number people quote: #1001. */
  number: Type.Integer(),
  kind: enumOf<SupportKind>(SUPPORT_KINDS),
  subject: Type.String(),
  status: enumOf<SupportStatus>(SUPPORT_STATUSES),
  to: enumOf<SupportDestination>(SUPPORT_DESTINATIONS),
  /** The caller filed it (else the caller is the admin it reached). */
  mine: Type.Boolean(),
  /** Who filed it: name or username, and company. */
  from: Type.Object({ name: Type.String(), company: Type.String() }),
  messages: Type.Integer({ minimum: 1 }),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
  closedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});

export type SupportTicket = Static<typeof SupportTicketRecord>;

export const SupportMessageRecord = Type.Object({
  _id: Type.String(),
  author: Type.String(),
  /** Written by the caller. */
  mine: Type.Boolean(),
  body: Type.String(),
  at: Type.String({ format: "date-time" }),
});

const Detail = Type.Object({ ...SupportTicketRecord.properties, thread: Type.Array(SupportMessageRecord) });

/**
 * Ours (issue 37): SPEC 2's Support and Feedback file real tickets. A reseller's reaches its admin (or every admin);
 * an admin's is mailed to the operator's address (SUPPORT_OPERATOR_EMAIL). Each side reads, answers, closes and
 * reopens it; anyone else's ticket answers 404.
 */
export const SUPPORT_CALLS = {
  "support.file": {
    method: "POST",
    path: "/api/v1/support/tickets",
    access: AR,
    bodySchema: "support-ticket",
    response: replies({
      201: ok({
        message: Type.String(),
        data: SupportTicketRecord,
        delivery: enumOf<SupportDelivery>(SUPPORT_DELIVERY),
      }),
    }),
    summary: "File a support ticket or feedback (a reseller's reaches its admin, an admin's the operator by mail)",
  },
  "support.list": {
    method: "GET",
    path: "/api/v1/support/tickets",
    access: AR,
    query: Type.Object({
      ...PageQuery.properties,
      status: Type.Optional(enumOf<SupportStatus>(SUPPORT_STATUSES)),
    }),
    response: replies({
      200: ok({
        data: Type.Array(SupportTicketRecord),
        total: Type.Integer(),
        totalPages: Type.Integer(),
      }),
    }),
    summary: "The tickets the caller filed or that reached the caller, last changed first",
  },
  "support.get": {
    method: "GET",
    path: "/api/v1/support/tickets/:id",
    access: AR,
    params: ID,
    response: replies({ 200: ok({ data: Detail }) }),
    summary: "One ticket with its thread, oldest message first",
  },
  "support.reply": {
    method: "POST",
    path: "/api/v1/support/tickets/:id/replies",
    access: AR,
    params: ID,
    bodySchema: "support-reply",
    response: replies({ 201: ok({ message: Type.String(), data: Detail }) }),
    summary: "Answer in a ticket's thread (the other side is notified)",
  },
  "support.close": {
    method: "POST",
    path: "/api/v1/support/tickets/:id/close",
    access: AR,
    params: ID,
    response: replies({ 200: ok({ message: Type.String(), data: Detail }) }),
    summary: "Close a ticket",
  },
  "support.reopen": {
    method: "POST",
    path: "/api/v1/support/tickets/:id/reopen",
    access: AR,
    params: ID,
    response: replies({ 200: ok({ message: Type.String(), data: Detail }) }),
    summary: "Reopen a closed ticket",
  },
} as const satisfies Record<string, CallDef>;
