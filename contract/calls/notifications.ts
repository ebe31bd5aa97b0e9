import { NOTIFICATION_KINDS, type NotificationKind } from "../domain/notifications";
import { PageQuery } from "./pagination";
import { pathParams, replies } from "./replies";
import { Type } from "./type";
import type { CallDef } from "./types";

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

/** One entry of the bell, as kept for its user. */
export const NotificationRecord = Type.Object({
  /** The bigserial id as text: newest first is highest first. */
  _id: Type.String(),
  kind: Type.Unsafe<NotificationKind>({ type: "string", enum: [...NOTIFICATION_KINDS] }),
  title: Type.String(),
  body: Type.String(),
  /** Where it leads, inside the user's role area (`chats?chat=<id>`); null when nowhere. */
  link: Type.Union([Type.String(), Type.Null()]),
  read: Type.Boolean(),
  createdAt: Type.String({ format: "date-time" }),
});

const Unread = Type.Integer({ minimum: 0, description: "the caller's unread notifications after the call" });

/**
 * Ours: SPEC 3 keeps notifications on the client only, so a reload lost them. Every signed-in user's bell reads its
 * own history here (newest first, paged), marks one or all read, and counts the unread; new ones are pushed to the
 * user's sockets as `notification`, reads as `notificationsRead`. A user never reaches another's: another's id
 * answers 404.
 */
export const NOTIFICATION_CALLS = {
  "notifications.list": {
    method: "GET",
    path: "/api/v1/notifications",
    access: "signed-in",
    query: Type.Object({
      ...PageQuery.properties,
      unread: Type.Optional(Type.Boolean({ description: "only the unread ones" })),
    }),
    response: replies({
      200: ok({
        data: Type.Array(NotificationRecord),
        total: Type.Integer(),
        totalPages: Type.Integer(),
        unread: Unread,
      }),
    }),
    summary: "The caller's notifications, newest first, with the unread count",
  },
  "notifications.unreadCount": {
    method: "GET",
    path: "/api/v1/notifications/unread-count",
    access: "signed-in",
    response: replies({ 200: ok({ data: Type.Object({ unread: Unread }) }) }),
    summary: "How many of the caller's notifications are unread",
  },
  "notifications.read": {
    method: "POST",
    path: "/api/v1/notifications/:id/read",
    access: "signed-in",
    params: pathParams("id"),
    response: replies({ 200: ok({ data: NotificationRecord, unread: Unread }) }),
    summary: "Mark one of the caller's notifications read",
  },
  "notifications.readAll": {
    method: "POST",
    path: "/api/v1/notifications/read-all",
    access: "signed-in",
    response: replies({ 200: ok({ data: Type.Object({ updated: Type.Integer(), unread: Unread }) }) }),
    summary: "Mark all of the caller's notifications read",
  },
} as const satisfies Record<string, CallDef>;
