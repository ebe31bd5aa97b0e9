// What workflow steps do to conversations: send through the chat send service (so WhatsApp's 24-hour window, the
// approved-template rule, the written-before-sent message and the carrier's idempotency key all hold as for an agent),
// assign, and send a campaign's message to one contact (billed like a test send). Each send's client id comes from the
// step key, so the same step sent again answers the stored message instead of sending twice.
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Server } from "socket.io";
import type { ChatChannel } from "../../../contract/domain/chats";
import { DND_MESSAGES } from "../../../contract/domain/dnd";
import { isSmsCategory } from "../../../contract/domain/sms";
import { MSG } from "../../../contract/messages";
import type { Carrier, TemplateHeaderMedia } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import { campaigns, conversations, smsTemplates, type RunContact } from "../../db/schema";
import { HttpError } from "../../http/errors";
import { loadDispatchCampaign } from "../campaigns/dispatch-campaign";
import { campaignOnDltRoute } from "../campaigns/dlt-route";
import { dndHoldsBack } from "../dnd/scrub";
import { contentFor, costOf } from "../campaigns/dispatch-content";
import { freeWindows } from "../campaigns/service-window";
import { loadRatesFor } from "../rates/cards";
import { testParams } from "../campaigns/test-params";
import { assignConversation } from "../chats/actions";
import { ownersOfAddresses } from "../chats/addresses";
import type { ConversationRow } from "../chats/records";
import { sendChatMessage, type ChatSendInput } from "../chats/send";
import { quickReplies } from "../chats/templates";
import type { ChatWorkspace } from "../chats/workspace";
import { applyMoves } from "../balance/ledger";
import type { Storage } from "../../storage";
import { HeaderMediaUnavailable } from "../campaigns/header-media";
import { stepHeaderMedia } from "./template-header";

export interface MessagingDeps {
  db: Db;
  carrier: Carrier;
  /** Where a template's header file (or a step's chosen one) is read from before it goes to the carrier. */
  storage: Storage;
  io: Server;
  log?: { error: (obj: unknown, msg: string) => void };
}

/** A step's failure the person fixing the workflow should read (not a crash). */
export class StepError extends Error {}

export const NO_CONTACT = "This run has no contact to message (set the trigger's contact number and business address)";

/** The chat service's client id for a step key: short, within its pattern, the same for the same key. */
export const clientIdOf = (key: string) => `wf-${createHash("sha256").update(key).digest("base64url").slice(0, 40)}`;

const workspaceOf = (ownerId: string, name: string): ChatWorkspace => ({ ownerId, agentId: null, authorName: name });

/**
 * The conversation a run talks in: the trigger's own, or the one of the contact's number with the business address
 * (created if the customer never wrote). The address must be the account's own: a workflow cannot send from another
 * account's number.
 */
export async function conversationFor(db: Db, ownerId: string, contact: RunContact | null): Promise<ConversationRow> {
  if (!contact?.number || !contact.address) throw new StepError(NO_CONTACT);
  if (contact.conversationId) {
    const [row] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, contact.conversationId), eq(conversations.userId, ownerId)));
    if (row) return row;
  }
  const owners = await ownersOfAddresses(db, [{ channel: contact.channel as ChatChannel, address: contact.address }]);
  if (owners.get(`${contact.channel}|${contact.address}`)?.ownerId !== ownerId) {
    throw new StepError(`${contact.address} is not one of your ${contact.channel.toUpperCase()} addresses`);
  }
  const [row] = await db
    .insert(conversations)
    .values({
      userId: ownerId,
      channel: contact.channel,
      customerNumber: contact.number,
      businessAddress: contact.address,
      lastMessageText: "",
    })
    .onConflictDoUpdate({
      target: [
        conversations.userId,
        conversations.channel,
        conversations.businessAddress,
        conversations.customerNumber,
      ],
      set: { lastMessageAt: sql`${conversations.lastMessageAt}` },
    })
    .returning();
  if (!row) throw new StepError("The conversation could not be opened");
  return row;
}

/** Sends in the conversation; refusals (window closed, no such template) become the step's error. */
async function send(
  deps: MessagingDeps,
  conversation: ConversationRow,
  key: string,
  input: Omit<ChatSendInput, "clientId">,
  name: string,
  header?: TemplateHeaderMedia,
) {
  try {
    const caller = {
      id: conversation.userId,
      username: name,
      role: "user" as const,
      parentId: null,
      modules: [],
      sessionId: "workflow",
    };
    const message = await sendChatMessage(
      deps,
      caller,
      conversation.id,
      { ...input, clientId: clientIdOf(key) },
      workspaceOf(conversation.userId, name),
      header,
    );
    return { messageId: message._id, status: message.status ?? "pending", conversationId: conversation.id };
  } catch (err) {
    if (err instanceof HttpError) throw new StepError(err.message);
    throw err;
  }
}

export const sendText = (deps: MessagingDeps, conversation: ConversationRow, key: string, text: string, name: string) =>
  send(deps, conversation, key, { messageType: "text", text }, name);

/** `headerMediaId`: the step's file for an image, video or document header; empty sends the template's own. */
export async function sendTemplate(
  deps: MessagingDeps,
  conversation: ConversationRow,
  key: string,
  templateName: string,
  params: string[],
  name: string,
  headerMediaId = "",
) {
  const template = (await quickReplies(deps.db, conversation)).find((t) => t.name === templateName);
  if (!template)
    throw new StepError(`No approved template named "${templateName}" for ${conversation.businessAddress}`);
  let header: TemplateHeaderMedia | undefined;
  try {
    header =
      conversation.channel === "whatsapp"
        ? await stepHeaderMedia(deps, conversation.userId, template._id, headerMediaId)
        : undefined;
  } catch (err) {
    if (err instanceof HeaderMediaUnavailable) throw new StepError(err.message);
    throw err;
  }
  return send(
    deps,
    conversation,
    key,
    { messageType: "template", templateId: template._id, params: params.slice(0, template.variableCount) },
    name,
    header,
  );
}

export async function assignTo(
  deps: MessagingDeps,
  conversation: ConversationRow,
  agentId: string | null,
  name: string,
) {
  try {
    await assignConversation(deps.db, deps.io, workspaceOf(conversation.userId, name), conversation, agentId);
  } catch (err) {
    if (err instanceof HttpError) throw new StepError(err.message);
    throw err;
  }
}

/**
 * One campaign's message to one number now, paid like a test send: a ledger debit from the owner before it goes,
 * credited back if the carrier refuses it. The carrier gets an id from the step key, so a retry is not sent twice.
 */
export async function sendCampaignMessage(
  deps: MessagingDeps,
  ownerId: string,
  campaignId: string,
  number: string,
  key: string,
) {
  const [row] = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.userId, ownerId), sql`${campaigns.id}::text = ${campaignId}`));
  if (!row) throw new StepError("No campaign of yours has that id");
  const campaign = await loadDispatchCampaign(deps.db, row.id);
  if (!campaign) throw new StepError("The campaign's template no longer exists");
  // A DLT SMS whose category the customer's preferences hold back (the account's DND list) is not sent nor charged.
  const held = await dndHoldsBackCampaign(deps.db, row, number);
  if (held) return { accepted: false, cost: 0, reason: held };
  const content = contentFor(campaign.template, testParams(row.variables).params);
  // A utility template to a customer who wrote within 24 hours is free, as is a conversational RCS bot's message in an
  // open conversation (contract/domain/charging.ts).
  const windowOpen =
    (await freeWindows(deps.db, campaign.template, ownerId, campaign.from, [number]))?.has(number) ?? false;
  const cost = costOf(campaign.template, content, await loadRatesFor(deps.db, ownerId), windowOpen);
  const note = `Workflow message of campaign "${row.name}"`;
  if (cost > 0) {
    try {
      await applyMoves(
        deps.db,
        [{ userId: ownerId, paise: -cost, kind: "debit", note, insufficient: MSG.insufficientBalance }],
        ownerId,
      );
    } catch (err) {
      if (err instanceof HttpError) throw new StepError(err.message);
      throw err;
    }
  }
  const result = await deps.carrier
    .send({
      id: `test:${clientIdOf(key)}`,
      channel: campaign.channel,
      from: campaign.from,
      to: number,
      content,
      ...(campaign.replyTo ? { replyTo: campaign.replyTo } : {}),
    })
    .catch((err: unknown) => ({
      accepted: false as const,
      reason: err instanceof Error ? err.message : "The carrier did not answer",
    }));
  if (!result.accepted && cost > 0) {
    await applyMoves(
      deps.db,
      [
        {
          userId: ownerId,
          paise: cost,
          kind: "credit",
          note: `${note}: not accepted`,
          insufficient: MSG.insufficientBalance,
        },
      ],
      ownerId,
    );
  }
  return {
    accepted: result.accepted,
    cost: result.accepted ? cost : 0,
    reason: result.accepted ? null : result.reason,
  };
}

/** Why the DND list holds back this SMS campaign's message to `number`, or null. */
async function dndHoldsBackCampaign(
  db: MessagingDeps["db"],
  row: typeof campaigns.$inferSelect,
  number: string,
): Promise<string | null> {
  if (row.channel !== "sms" || !(await campaignOnDltRoute(db, row))) return null;
  const [template] = await db
    .select({ category: smsTemplates.category })
    .from(smsTemplates)
    .where(eq(smsTemplates.id, row.templateId));
  if (!template || !isSmsCategory(template.category)) return null;
  return (await dndHoldsBack(db, row.userId, number, template.category))
    ? DND_MESSAGES.blocked(template.category)
    : null;
}
