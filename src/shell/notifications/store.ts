import { useSyncExternalStore } from "react";
import { NOTIFICATIONS_MAX } from "../../../contract/domain/chats";

/** SPEC 3: client-only notification. `time` is epoch milliseconds. */
export interface AppNotification {
  id: string;
  title: string;
  description: string;
  time: number;
  isNew: boolean;
  /** Where clicking it leads (a chat notification opens its conversation). */
  href?: string;
}

export interface NotificationsState {
  items: AppNotification[];
  /** The bell's alert dot. */
  hasAlert: boolean;
}

export const initialNotificationsState: NotificationsState = { items: [], hasAlert: false };

export type NewNotification = Omit<AppNotification, "isNew">;

/**
 * SPEC 4: a new notification goes on top, marked new, and lights the dot. SPEC states no cap; a busy inbox would grow
 * the list without end, so only the latest NOTIFICATIONS_MAX are kept (the sheet says so).
 */
export function addNotification(state: NotificationsState, n: NewNotification): NotificationsState {
  if (state.items.some((i) => i.id === n.id)) return state;
  return { items: [{ ...n, isNew: true }, ...state.items].slice(0, NOTIFICATIONS_MAX), hasAlert: true };
}

/** Opening the panel clears the dot; items stay marked new so the reader can still see which ones arrived. */
export function openPanel(state: NotificationsState): NotificationsState {
  return state.hasAlert ? { ...state, hasAlert: false } : state;
}

/** Closing the panel means the new ones have been seen. */
export function markAllSeen(state: NotificationsState): NotificationsState {
  if (!state.items.some((i) => i.isNew)) return state;
  return { ...state, items: state.items.map((i) => (i.isNew ? { ...i, isNew: false } : i)) };
}

export function clearNotifications(): NotificationsState {
  return initialNotificationsState;
}

export function newCount(state: NotificationsState): number {
  return state.items.filter((i) => i.isNew).length;
}

type Listener = () => void;

/**
 * A tiny external store so the real-time feed (outside React) can push and every bell re-renders.
 * `push` is the entry point for the live provider; nothing here invents notifications.
 */
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
    push(input: { title: string; description: string; id?: string; time?: number; href?: string }) {
      const id = input.id ?? globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
      const note = { id, title: input.title, description: input.description, time: input.time ?? Date.now() };
      set(addNotification(state, input.href ? { ...note, href: input.href } : note));
    },
    openPanel: () => set(openPanel(state)),
    markAllSeen: () => set(markAllSeen(state)),
    clear: () => set(clearNotifications()),
  };
}

export const notificationsStore = createNotificationsStore();

export function useNotifications(): NotificationsState {
  return useSyncExternalStore(notificationsStore.subscribe, notificationsStore.getState, notificationsStore.getState);
}
