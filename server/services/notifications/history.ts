// A user's bell: its pages, its unread count, and marking read. Every statement is bounded to the caller's own rows,
// so another user's notification answers like a missing one.
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Server } from "socket.io";
import { NOTIFICATIONS_READ_EVENT, type NotificationsRead } from "../../../contract/domain/notifications";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import { notFound } from "../../http/errors";
import { userRoom } from "../../realtime";
import { totalPages } from "../paging";
import { notificationRecord, type NotificationOut } from "./notify";

export const NOTIFICATION_NOT_FOUND = "Notification not found";

type Row = typeof notifications.$inferSelect;
const toRecord = (r: Row): NotificationOut =>
  notificationRecord({
    id: r.id,
    user_id: r.userId,
    kind: r.kind,
    title: r.title,
    body: r.body,
    link: r.link,
    read_at: r.readAt,
    created_at: r.createdAt,
  });

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function listNotifications(db: Db, userId: string, q: { page: number; limit: number; unread?: boolean }) {
  const where = and(eq(notifications.userId, userId), q.unread ? isNull(notifications.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, userId),
  ]);
  const n = total?.n ?? 0;
  return { data: rows.map(toRecord), total: n, totalPages: totalPages(n, q.limit), unread };
}

const announce = (io: Server, userId: string, read: NotificationsRead) =>
  io.to(userRoom(userId)).emit(NOTIFICATIONS_READ_EVENT, read);

/** Marks one of the user's notifications read (again is fine) and tells the user's other tabs. */
export async function readNotification(
  db: Db,
  io: Server,
  userId: string,
  id: string,
): Promise<{ data: NotificationOut; unread: number }> {
  if (!/^[0-9]{1,18}$/.test(id)) throw notFound(NOTIFICATION_NOT_FOUND);
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, Number(id)), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  const unread = await unreadCount(db, userId);
  announce(io, userId, { ids: [String(row.id)], unread });
  return { data: toRecord(row), unread };
}

/** Marks every unread notification of the user read. */
export async function readAllNotifications(
  db: Db,
  io: Server,
  userId: string,
): Promise<{ updated: number; unread: number }> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  // One may have arrived meanwhile: the count is read, not assumed.
  const unread = await unreadCount(db, userId);
  announce(io, userId, { ids: null, unread });
  return { updated: rows.length, unread };
}
