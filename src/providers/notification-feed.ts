import type { CallReply, Role } from "../../contract";
import {
  NOTIFICATION_EVENT,
  NOTIFICATIONS_PANEL_SIZE,
  NOTIFICATIONS_READ_EVENT,
  type NotificationsRead,
} from "../../contract/domain/notifications";
import { areaPath } from "../../resources/derive";
import { callApi } from "../api";
import { playChime } from "../lib/chime";
import { newestId, notificationsStore, type AppNotification } from "../shell/notifications/store";
import { CONNECT_EVENT, subscribeRealtime } from "./realtime-events";

export type NotificationRecord = CallReply<"notifications.list">["data"][number];

/** The server's record as the bell shows it; its link becomes a path in the user's own role area. */
export function toAppNotification(r: NotificationRecord, role: Role): AppNotification {
  return {
    id: r._id,
    kind: r.kind,
    title: r.title,
    description: r.body,
    time: Date.parse(r.createdAt) || Date.now(),
    isNew: !r.read,
    ...(r.link ? { href: areaPath(role, r.link) } : {}),
  };
}

// The newest notification this browser showed in an opened panel, per user: after a reload the dot lights only for
// what came after it, not for everything still unread.
const seenKey = (userId: string) => `notificationsSeen_${userId}`;

export function readSeenId(userId: string): number {
  const value = Number(window.localStorage.getItem(seenKey(userId)));
  return Number.isFinite(value) ? value : 0;
}

/** The panel was opened: the dot goes out, and what it showed counts as seen after a reload too. */
export function openNotificationsPanel(userId: string | undefined): void {
  notificationsStore.openPanel();
  const newest = newestId(notificationsStore.getState());
  if (userId && newest > readSeenId(userId)) window.localStorage.setItem(seenKey(userId), String(newest));
}

/** Marks one read on the server; the store follows the answer (and every other tab the pushed read). */
export async function markNotificationRead(id: string): Promise<void> {
  const res = await callApi("notifications.read", { params: { id } });
  notificationsStore.markRead([id], res.unread);
}

export async function markAllNotificationsRead(): Promise<void> {
  const res = await callApi("notifications.readAll");
  notificationsStore.markRead(null, res.data.unread);
}

/**
 * SPEC 4's bell, fed by the server: its latest page on every (re)connect (what came while away included), each new
 * notification pushed on top with the dot and the sound, and reads from any tab. Returns the unsubscribe.
 */
export function subscribeNotifications(userId: string, role: Role): () => void {
  let closed = false;
  const catchUp = async () => {
    const [page, count] = await Promise.all([
      callApi("notifications.list", { query: { page: 1, limit: NOTIFICATIONS_PANEL_SIZE } }),
      callApi("notifications.unreadCount"),
    ]);
    if (closed) return;
    const items = page.data.map((r) => toAppNotification(r, role));
    const seen = readSeenId(userId);
    notificationsStore.load(
      items,
      count.data.unread,
      items.some((i) => i.isNew && Number(i.id) > seen),
    );
  };
  const stops = [
    subscribeRealtime(CONNECT_EVENT, () => void catchUp().catch(() => undefined)),
    subscribeRealtime(NOTIFICATION_EVENT, (payload) => {
      const before = notificationsStore.getState();
      notificationsStore.add(toAppNotification(payload as NotificationRecord, role));
      if (notificationsStore.getState() !== before) playChime();
    }),
    subscribeRealtime(NOTIFICATIONS_READ_EVENT, (payload) => {
      const read = payload as NotificationsRead;
      notificationsStore.markRead(read.ids, read.unread);
    }),
  ];
  return () => {
    closed = true;
    stops.forEach((stop) => stop());
    notificationsStore.clear();
  };
}
