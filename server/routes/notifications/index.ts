import { callerOf } from "../../auth/guard";
import {
  listNotifications,
  readAllNotifications,
  readNotification,
  unreadCount,
} from "../../services/notifications/history";
import type { Handlers } from "../context";

/** The caller's own bell: every statement is bounded to `callerOf(request).id`. */
export const notificationHandlers: Handlers = {
  "notifications.list": async (request, _reply, { db }) => ({
    success: true,
    ...(await listNotifications(db, callerOf(request).id, request.query)),
  }),
  "notifications.unreadCount": async (request, _reply, { db }) => ({
    success: true,
    data: { unread: await unreadCount(db, callerOf(request).id) },
  }),
  "notifications.read": async (request, _reply, { db }) => ({
    success: true,
    ...(await readNotification(db, request.server.io, callerOf(request).id, request.params.id)),
  }),
  "notifications.readAll": async (request, _reply, { db }) => ({
    success: true,
    data: await readAllNotifications(db, request.server.io, callerOf(request).id),
  }),
};
