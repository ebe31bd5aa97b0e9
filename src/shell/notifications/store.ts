import { useSyncExternalStore } from "react";
import { NOTIFICATIONS_MAX } from "../../../contract/domain/chats";
import type { NotificationKind } from "../../../contract/domain/notifications";

/**
 * SPEC 3's notification (id, title, description, time, isNew), kept per user on the server: `isNew` is "not read
 * yet". `time` is epoch milliseconds.
 */
export interface AppNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  description: string;
  time: number;
  isNew: boolean;
  /** Where clicking it leads (a chat notification opens its conversation). */
  href?: string;
}

export interface NotificationsState {
  /** The latest ones, newest first: the server's first page, and what was pushed since. */
  items: AppNotification[];
  /** The bell's alert dot. */
  hasAlert: boolean;
  /** The user's unread count on the server (the panel's "N new"). */
  unread: number;
}

export const initialNotificationsState: NotificationsState = { items: [], hasAlert: false, unread: 0 };

/**
 * SPEC 4: a new notification goes on top, marked new, and lights the dot. Only the latest NOTIFICATIONS_MAX stay in
 * the tab (a busy inbox would grow the list without end); the sheet pages through the rest on the server.
 */
export function addNotification(state: NotificationsState, n: AppNotification): NotificationsState {
  if (state.items.some((i) => i.id === n.id)) return state;
  return {
    items: [n, ...state.items].slice(0, NOTIFICATIONS_MAX),
    hasAlert: true,
    unread: state.unread + (n.isNew ? 1 : 0),
  };
}

/**
 * The server's latest page (on sign-in and after every reconnect) replaces what the tab had: it is the truth, and it
 * has what arrived while the tab was away. `alert`: something unseen came meanwhile.
 */
export function loadNotifications(
  state: NotificationsState,
  items: AppNotification[],
  unread: number,
  alert: boolean,
): NotificationsState {
  return { items, unread, hasAlert: state.hasAlert || alert };
}

/** Opening the panel clears the dot; items stay marked new until they are read. */
export function openPanel(state: NotificationsState): NotificationsState {
  return state.hasAlert ? { ...state, hasAlert: false } : state;
}

/** Some (`ids`) or all (null) were read, here or in another tab; `unread` is the server's count after it. */
export function markRead(state: NotificationsState, ids: readonly string[] | null, unread: number): NotificationsState {
  const read = (i: AppNotification) => i.isNew && (ids === null || ids.includes(i.id));
  if (!state.items.some(read) && state.unread === unread) return state;
  return { ...state, unread, items: state.items.map((i) => (read(i) ? { ...i, isNew: false } : i)) };
}

export function newCount(state: NotificationsState): number {
  return state.unread;
}

/** The newest id the tab holds (ids grow), or 0. */
export function newestId(state: NotificationsState): number {
  return state.items.reduce((max, i) => Math.max(max, Number(i.id) || 0), 0);
}

type Listener = () => void;

/** A tiny external store so the real-time feed (outside React) can push and every bell re-renders. */
function createNotificationsStore() {
  let state = initialNotificationsState;
  const listeners = new Set<Listener>();
  const set = (next: NotificationsState) => {
    if (next === state) return;
    state = next;
    for (const l of listeners) l();
  };
  return {
    getState: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    add: (n: AppNotification) => set(addNotification(state, n)),
    load: (items: AppNotification[], unread: number, alert: boolean) =>
      set(loadNotifications(state, items, unread, alert)),
    openPanel: () => set(openPanel(state)),
    markRead: (ids: readonly string[] | null, unread: number) => set(markRead(state, ids, unread)),
    clear: () => set(initialNotificationsState),
  };
}

export const notificationsStore = createNotificationsStore();

export function useNotifications(): NotificationsState {
  return useSyncExternalStore(notificationsStore.subscribe, notificationsStore.getState, notificationsStore.getState);
}
