// Telling the other side of a ticket: the bell (notify) for people in the console, a mail for the operator.
import { eq } from "drizzle-orm";
import { areaPath } from "../../../contract/roles";
import {
  SUPPORT_KIND_LABELS,
  supportTicketLink,
  ticketLabel,
  type SupportDelivery,
} from "../../../contract/domain/support";
import { users } from "../../db/schema";
import type { SendMail } from "../accounts/mailer";
import type { Caller } from "../caller";
import { notifyMany, type NotifyContext } from "../notifications/notify";
import { otherSide } from "./tickets";
import type { TicketRow } from "./records";

export type SupportEvent = "filed" | "replied" | "closed" | "reopened";

export interface AnnounceContext extends NotifyContext {
  sendMail: SendMail;
  /** SUPPORT_OPERATOR_EMAIL: where admins' tickets go; unset, they are only stored. */
  operatorEmail: string | undefined;
  /** This server's origin for the link in the operator's mail. */
  origin: string;
}

const HEADLINE: Record<Exclude<SupportEvent, "filed">, string> = {
  replied: "Reply on",
  closed: "Closed",
  reopened: "Reopened",
};

/** The bell shows one line of the title: what happened and to which ticket come first, then its subject. */
const title = (event: SupportEvent, t: TicketRow) =>
  `${event === "filed" ? SUPPORT_KIND_LABELS[t.kind] : HEADLINE[event]} ${ticketLabel(t.number)}: ${t.subject}`;

const bodyOf = (event: SupportEvent, who: string, text: string) =>
  event === "closed" || event === "reopened" ? `${who} ${event} the ticket.` : `${who}: ${text}`;

/** How a new ticket reaches the other side, as the filing dialog says it (`announce` does it). */
export function deliveryOf(ticket: TicketRow, operatorEmail: string | undefined): SupportDelivery {
  if (ticket.to === "admin") return "admins";
  return operatorEmail ? "mailed" : "stored";
}

/**
 * Tells the other side what the caller did to the ticket (after it is written: a lost notification never loses the
 * change). People in the console get a bell notification linking to the ticket; an admin's ticket to the operator
 * is mailed.
 */
export async function announce(
  ctx: AnnounceContext,
  caller: Caller,
  ticket: TicketRow,
  event: SupportEvent,
  text = "",
): Promise<void> {
  const [me] = await ctx.db
    .select({ name: users.name, username: users.username, email: users.email, company: users.companyName })
    .from(users)
    .where(eq(users.id, caller.id));
  const name = me?.name.trim() || caller.username;
  // A reseller is known to its admin by its company too; the admin answering is a person.
  const who = caller.role === "reseller" && me?.company ? `${name} (${me.company})` : name;
  if (ticket.to === "operator" && ticket.fromUserId === caller.id) {
    if (!ctx.operatorEmail) return;
    await ctx.sendMail({
      to: ctx.operatorEmail,
      subject: `[Support desk] ${title(event, ticket)}`,
      body: [
        title(event, ticket),
        "",
        bodyOf(event, who, text),
        "",
        `From: ${me?.name || caller.username} <${me?.email ?? ""}> (admin ${caller.username})`,
        "Reply to that address; the admin reads the thread at",
        `${ctx.origin}${areaPath("admin", supportTicketLink(ticket.id))}`,
      ].join("\n"),
    });
    return;
  }
  const recipients = await otherSide(ctx.db, caller, ticket);
  // One key per event and moment: the same reply retried notifies once, a later one notifies again.
  const key = `support:${ticket.id}:${event}:${ticket.updatedAt.getTime()}`;
  await notifyMany(
    ctx,
    recipients.map((userId) => ({
      userId,
      note: {
        kind: "support",
        key,
        title: title(event, ticket),
        body: bodyOf(event, who, text),
        link: supportTicketLink(ticket.id),
      },
    })),
  );
}
