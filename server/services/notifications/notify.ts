// The one way anything tells a user something through the bell: notify() writes the notification (once per user
// and key) and pushes it to the user's sockets. Producers call it after their own change is written; a process
// dying in between loses the notification, never the change.
import type { Static } from "@sinclair/typebox";
import { sql } from "drizzle-orm";
import type { Server } from "socket.io";
import type { NotificationRecord } from "../../../contract/calls/notifications";
import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_EVENT,
  NOTIFICATION_TITLE_MAX,
  type NotificationKind,
} from "../../../contract/domain/notifications";
import { hot, type Db } from "../../db/client";
import { userRoom } from "../../realtime";
import { pgArray, rowsOf } from "../../db/sql";

export type NotificationOut = Static<typeof NotificationRecord>;

export interface NotifyContext {
  db: Db;
  io: Server;
}

export interface NewNotification {
  kind: NotificationKind;
  /** What it is about, unique per user (`chat:<message id>`): the same key again notifies nobody twice. */
  key: string;
  title: string;
  body?: string;
  /** Where it leads inside the user's role area, e.g. `chats?chat=<id>`. */
  link?: string | null;
}

export interface NotificationRow {
  id: number | string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  read_at: Date | string | null;
  created_at: Date | string;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function notificationRecord(row: NotificationRow): NotificationOut {
  return {
    _id: String(row.id),
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.read_at !== null,
    createdAt: iso(row.created_at),
  };
}

/**
 * Writes many notifications in one statement (its text never changes: every value travels in an array) and pushes
 * each new one to its user's room. A key the user already has is skipped. Answers the new ones.
 */
export async function notifyMany(
  ctx: NotifyContext,
  items: readonly { userId: string; note: NewNotification }[],
): Promise<NotificationOut[]> {
  if (items.length === 0) return [];
  const column = <T extends string | null>(pick: (i: (typeof items)[number]) => T) => pgArray(items.map(pick));
  const rows = await rowsOf<NotificationRow>(
    ctx.db,
    hot(sql`
      insert into notifications (user_id, kind, key, title, body, link)
      select n.user_id, n.kind, n.key, n.title, n.body, n.link
      from unnest(${column((i) => i.userId)}::uuid[], ${column((i) => i.note.kind)}::text[], ${column((i) => i.note.key)}::text[],
                  ${column((i) => cut(i.note.title, NOTIFICATION_TITLE_MAX))}::text[], ${column((i) => cut(i.note.body ?? "", NOTIFICATION_BODY_MAX))}::text[],
                  ${column((i) => i.note.link ?? null)}::text[]) with ordinality as n(user_id, kind, key, title, body, link, position)
      order by n.position
      on conflict (user_id, key) do nothing
      returning id, user_id, kind, title, body, link, read_at, created_at`),
  );
  const records = rows.map((row) => ({ userId: row.user_id, record: notificationRecord(row) }));
  for (const { userId, record } of records) ctx.io.to(userRoom(userId)).emit(NOTIFICATION_EVENT, record);
  return records.map((r) => r.record);
}

/** Tells one user something: written once per key, pushed to the user's open tabs. Null when the key was there. */
export async function notify(
  ctx: NotifyContext,
  userId: string,
  note: NewNotification,
): Promise<NotificationOut | null> {
  const [record] = await notifyMany(ctx, [{ userId, note }]);
  return record ?? null;
}
