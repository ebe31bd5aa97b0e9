// The bell's history (SPEC 2 and 4's notification bell, kept per user on the server): kinds, events and page sizes.

/**
 * What a notification is about. `chat`: a customer's message; `handoff`: an AI agent handed a conversation to the
 * team; `balance_request`: a parent decided the user's balance request; `support`: a support ticket was filed,
 * answered, closed or reopened by the other side; `campaign_alert`: a running campaign passed an alert its sender set
 * (control-room.ts). Later producers add their kind here.
 */
export const NOTIFICATION_KINDS = ["chat", "handoff", "balance_request", "support", "campaign_alert"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** socket.io event to the user's room: one new notification (the record of `notifications.list`). */
export const NOTIFICATION_EVENT = "notification";
/** socket.io event to the user's room: notifications were read (in any tab), so every tab shows the same. */
export const NOTIFICATIONS_READ_EVENT = "notificationsRead";

export interface NotificationsRead {
  /** The ids read, or null for all of them. */
  ids: string[] | null;
  /** The user's unread count after it. */
  unread: number;
}

/** The bell's panel shows the latest ones; the sheet ('View all') pages through the rest. */
export const NOTIFICATIONS_PANEL_SIZE = 20;
export const NOTIFICATIONS_SHEET_PAGE_SIZE = 20;

/** Title and body are cut to these lengths when written (a customer's message can be long). */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 500;
