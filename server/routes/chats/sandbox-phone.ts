import { and, desc, eq, ne } from "drizzle-orm";
import { csatMessageOf, csatTaps } from "../../../contract/domain/csat";
import { callerOf } from "../../auth/guard";
import { chatMessages, conversations } from "../../db/schema";
import { HttpError, notFound } from "../../http/errors";
import { businessAddresses } from "../../services/chats/addresses";
import { chatWorkspace } from "../../services/chats/workspace";
import type { Handlers, RouteContext } from "../context";

/** The account's addresses the sandbox serves: a real number's customers write from their own phones. */
async function sandboxAddresses({ db, carrier }: Pick<RouteContext, "db" | "carrier">, ownerId: string) {
  const all = await businessAddresses(db, ownerId);
  const served = await Promise.all(all.map((a) => carrier.servesByDefault(a.channel, a.address)));
  return all.filter((_, i) => served[i]);
}

/** A survey that went out (a refused one offers nothing to tap). */
const surveyOut = (m: { direction: string; status: string | null; clientId: string | null }) =>
  m.direction === "out" && m.status !== "failed" && csatMessageOf(m.clientId) !== null;

/**
 * Whether the phone still offers a message's taps: only the thread's newest message does, so they go once the
 * customer taps one, writes anything, or the business sends again. RBM's suggested replies are transient: "These
 * chips appear below the main body of the message and disappear once the user interacts with them or when a newer
 * message is received" (Vonage's RCS suggestions guide), "Transient suggestions appear outside the message bubble,
 * below the most recent message. They disappear after the recipient chooses one or sends" a message (AWS End User
 * Messaging, RCS suggestions). The simulated phone treats WhatsApp's reply buttons the same way, so one answer is
 * offered once.
 */
const tapsOpen = (index: number, count: number) => index === count - 1;

export const NOT_SANDBOX = "The simulated phone works only with the sandbox carrier";
/** The simulated phone's thread shows this many of the latest messages. */
const PHONE_THREAD_MAX = 200;

/**
 * The simulated customer phone: a tester of an account writes to one of the account's own addresses as a customer,
 * and reads that thread as the customer sees it (internal notes never show). Only with the sandbox carrier.
 */
export const sandboxPhoneHandlers: Handlers = {
  "sandbox.phone.addresses": async (request, _reply, { db, carrier }) => {
    if (!carrier.simulateInbound) throw new HttpError(501, NOT_SANDBOX);
    const ws = await chatWorkspace(db, callerOf(request));
    return {
      success: true,
      data: (await sandboxAddresses({ db, carrier }, ws.ownerId)).map(({ channel, address, label }) => ({
        channel,
        address,
        label,
      })),
    };
  },
  "sandbox.phone.send": async (request, _reply, { db, carrier }) => {
    if (!carrier.simulateInbound) throw new HttpError(501, NOT_SANDBOX);
    const ws = await chatWorkspace(db, callerOf(request));
    const { channel, address, number, text, mediaUrl, payload } = request.body;
    const own = (await sandboxAddresses({ db, carrier }, ws.ownerId)).some(
      (a) => a.channel === channel && a.address === address,
    );
    if (!own) throw notFound("No such business number or bot in your account");
    // Answered once the inbox has stored it, as a webhook must be: a crash after this answer loses nothing.
    await carrier.simulateInbound({
      channel,
      from: number,
      to: address,
      text,
      ...(mediaUrl ? { mediaUrl } : {}),
      ...(payload ? { payload } : {}),
    });
    return { success: true, message: "Delivered to your inbox" };
  },
  "sandbox.phone.messages": async (request, _reply, { db, carrier }) => {
    if (!carrier.simulateInbound) throw new HttpError(501, NOT_SANDBOX);
    const ws = await chatWorkspace(db, callerOf(request));
    const { channel, address, number } = request.query;
    const [conversation] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.userId, ws.ownerId),
          eq(conversations.channel, channel),
          eq(conversations.businessAddress, address),
          eq(conversations.customerNumber, number),
        ),
      );
    if (!conversation) return { success: true, data: [] };
    const latest = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversation.id), ne(chatMessages.direction, "note")))
      .orderBy(desc(chatMessages.id))
      .limit(PHONE_THREAD_MAX);
    const visible = latest.reverse();
    return {
      success: true,
      data: visible.map((m, i) => ({
        _id: String(m.id),
        direction: m.direction === "in" ? ("in" as const) : ("out" as const),
        messageType: m.type,
        // A survey's choices are its taps on the phone, not a line of its text.
        text: surveyOut(m) ? m.text.replace(/\n\[[^\n]*\]$/, "") : m.text,
        status: m.status ?? null,
        createdAt: new Date(m.createdAt).toISOString(),
        // A survey that went out carries its taps, as the customer's phone shows them, while it is the newest message.
        replies: surveyOut(m) && tapsOpen(i, visible.length) ? csatTaps(channel, m.type) : [],
      })),
    };
  },
};
