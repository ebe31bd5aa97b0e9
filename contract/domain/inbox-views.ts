// The inbox's filters beyond channel, scope and status (issue 40 item 3), and the saved views that name a set of them.

import type { ChatChannel, ConversationScope, ConversationStatus } from "./chats";

/** "Waiting longer than" choices, in minutes: the customer wrote last and nobody answered for this long. */
export const WAITING_MINUTES = [5, 15, 30, 60, 240, 1440] as const;
export const WAITING_MINUTES_MAX = 10_080;

/** A saved view: the list's filters under a name (the name stays in the body and the list, never in a URL). */
export interface InboxFilter {
  channel?: ChatChannel;
  scope?: ConversationScope;
  status?: ConversationStatus;
  /** A live agent's id: the conversations assigned to them. */
  agentId?: string;
  label?: string;
  unread?: boolean;
  /** A first-response or resolution SLA of the current episode was breached. */
  slaBreached?: boolean;
  waitingMinutes?: number;
  /** The list's order when it is not the default (newest activity): a view may be "SLA due soonest". */
  sort?: Exclude<ConversationSort, "recent">;
}

/**
 * The inbox list's orders: newest activity first, or SLA due soonest (the running episode's next due: first response
 * while the customer waits for a first reply, else resolution; overdue first, conversations without an SLA last, newest
 * first among them). The SLA order pages by cursor only.
 */
export const CONVERSATION_SORTS = ["recent", "slaDue"] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];
export const CONVERSATION_SORT_LABELS: Record<ConversationSort, string> = {
  recent: "Newest activity",
  slaDue: "SLA due soonest",
};

export const INBOX_VIEWS_MAX = 30;
export const INBOX_VIEW_NAME_MAX = 40;
/** Conversations labelled at once from the list's selection. */
export const CONVERSATION_LABEL_BULK_MAX = 200;

export const INBOX_VIEW_MESSAGES = {
  notFound: "Saved view not found",
  duplicate: "You already have a view with this name",
  tooMany: `At most ${INBOX_VIEWS_MAX} saved views`,
  colorOwnerOnly: "Only the account's owner sets label colours",
  noConversations: "Select conversations to label",
  slaSortByCursor: "The SLA due order pages by cursor: pass the last page's nextCursor instead of a page number",
} as const;
