// The support desk (issue 37): what a ticket is, where it goes, and the limits both ends check.
import type { Role } from "../roles";

/** Which sidebar item filed it (SPEC 2's Support and Feedback). */
export const SUPPORT_KINDS = ["support", "feedback"] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

/** open: waiting for the other side; answered: the other side wrote last; closed: done (either side may reopen). */
export const SUPPORT_STATUSES = ["open", "answered", "closed"] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Where a ticket went: the admin(s) of the platform's console, or the operator's mailbox outside it. */
export const SUPPORT_DESTINATIONS = ["admin", "operator"] as const;
export type SupportDestination = (typeof SUPPORT_DESTINATIONS)[number];

/** The roles that have Support and Feedback in their sidebar (SPEC 2) and so may file tickets. */
export const SUPPORT_ROLES = ["admin", "reseller"] as const satisfies readonly Role[];

export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_BODY_MAX = 5000;

/** The console's route of the tickets page, inside the admin's and the reseller's area (not in SPEC's sidebar). */
export const SUPPORT_PAGE = "settings/support";
/** A notification's link to one ticket, inside the reader's role area. */
export const supportTicketLink = (ticketId: string) => `${SUPPORT_PAGE}?ticket=${ticketId}`;

/** People read the number, not the id: "#1001". */
export const ticketLabel = (number: number) => `#${number}`;

/**
 * Where a ticket from this person goes, written once. A reseller's reaches the admins inside the console: its parent
 * when that is an admin, else every admin (`toUserId` null). An admin's goes to the operator by mail. Other roles
 * have no Support item and file nothing (null).
 */
export function supportRoute(from: {
  role: Role;
  parentRole: Role | null;
  parentId: string | null;
}): { to: SupportDestination; toUserId: string | null } | null {
  if (from.role === "admin") return { to: "operator", toUserId: null };
  if (from.role === "reseller")
    return { to: "admin", toUserId: from.parentRole === "admin" && from.parentId ? from.parentId : null };
  return null;
}

/**
 * A message moves the ticket: the filer writing (again) makes it open, the other side's answer makes it answered.
 */
export const statusAfterReply = (byFiler: boolean): SupportStatus => (byFiler ? "open" : "answered");

/** What the dialog says after filing, by where the ticket went. */
export const SUPPORT_DELIVERY = ["admins", "mailed", "stored"] as const;
export type SupportDelivery = (typeof SUPPORT_DELIVERY)[number];

export const SUPPORT_DELIVERY_TEXT: Record<SupportDelivery, string> = {
  admins: "Your administrator has been notified and will answer here.",
  mailed: "It has been sent to the operator's support desk by mail; answers come to your email.",
  stored: "It is saved, but support mail is not configured on this server, so nobody has been mailed yet.",
};

export const SUPPORT_MESSAGES = {
  notFound: "Support ticket not found",
  closed: "This ticket is closed: reopen it to reply",
  alreadyClosed: "This ticket is already closed",
  notClosed: "This ticket is not closed",
  blank: "must not be blank",
} as const;

export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

export const SUPPORT_KIND_LABELS: Record<SupportKind, string> = { support: "Support", feedback: "Feedback" };
