import { and, eq, sql } from "drizzle-orm";
import type { Server } from "socket.io";
import type { SchemaBody } from "../../../schemas";
import { DLT_TEMPLATES_ONLY, serviceWindowLeftMs, type ChatChannel } from "../../../contract/domain/chats";
import { ATTACHMENT_EXPIRED, SMS_NO_FILES } from "../../../contract/domain/media";
import type { Carrier, MessageContent, TemplateHeaderMedia } from "../../carriers/carrier";
import type { Db } from "../../db/client";
import type { Storage } from "../../storage";
import { HeaderMediaUnavailable } from "../campaigns/header-media";
import { stepHeaderMedia } from "../workflows/template-header";
import { chatMessages, conversations } from "../../db/schema";
import { badRequest, HttpError } from "../../http/errors";
import type { Caller } from "../caller";
import { conversationRecord, findConversation } from "./conversations";
import { dltTemplatesOnly } from "./dlt-route";
import { fileBody, findChatFile, markChatFileUsed, mediaChannelOf, type ChatFileRow } from "./files";
import { fileContent, fileKindFor } from "./outbound-media";
import { pushChatMessage, pushConversation, pushStatus } from "./push";
import { applyChatStatus, chatCarrierId } from "./receipts";
import {
  previewOf,
  toChatMessageRecord,
  type ChatMessageOut,
  type ChatMessageRow,
  type ConversationRow,
} from "./records";
import { firstReplySet } from "./sla";
import { quickReplies, renderTemplate } from "./templates";
import { chatWorkspace, type ChatWorkspace } from "./workspace";

export type ChatSendInput = SchemaBody<"chat-send">;
export interface ChatDeps {
  db: Db;
  carrier: Carrier;
  /** Where a WhatsApp template's header file is read from; without it a template goes without its header media. */
  storage?: Storage;
  io: Server;
  log?: { error: (obj: unknown, msg: string) => void };
}

export const WINDOW_CLOSED =
  "The customer's last message was more than 24 hours ago; WhatsApp allows only approved templates until they reply.";

/**
 * A WhatsApp template with an image, video or document header goes with its media: the file the sender chose
 * (headerMediaId, one of the account's WhatsApp uploads) or else the template's own, uploaded to the carrier before
 * the message is stored (after its template and values are checked). One that cannot be had refuses the send and
 * stores nothing.
 */
async function headerOf(
  deps: ChatDeps,
  ownerId: string,
  templateId: string,
  headerMediaId = "",
): Promise<TemplateHeaderMedia | undefined> {
  if (!deps.storage) return undefined;
  try {
    return await stepHeaderMedia(
      { db: deps.db, carrier: deps.carrier, storage: deps.storage },
      ownerId,
      templateId,
      headerMediaId,
    );
  } catch (err) {
    if (err instanceof HeaderMediaUnavailable) throw new HttpError(422, err.message);
    throw err;
  }
}

type Content = {
  /** Null for an attachment: its content is made when it is handed to the carrier (the upload comes first). */
  content: MessageContent | null;
  text: string;
  templateName?: string;
  language?: string;
  file?: ChatFileRow;
};

/** An attachment (chats.attach's file) or a link to send as media; SMS takes neither. */
async function mediaContentOf(deps: ChatDeps, conversation: ConversationRow, input: ChatSendInput): Promise<Content> {
  if (!mediaChannelOf(conversation)) throw new HttpError(422, SMS_NO_FILES);
  const text = input.text?.trim() ?? "";
  if (input.attachmentId) {
    const file = await findChatFile(deps.db, conversation.id, input.attachmentId).catch(() => {
      throw badRequest("Attach the file again", [
        { field: "attachmentId", message: "is not a file of this conversation" },
      ]);
    });
    fileKindFor(conversation, file, input.messageType);
    return { content: null, text, file };
  }
  if (!input.mediaUrl) throw badRequest("Attach a file first", [{ field: "attachmentId", message: "is required" }]);
  const mimeType = input.mimeType ?? (input.messageType === "image" ? "image/jpeg" : "application/pdf");
  return {
    content: { kind: "media", mediaUrl: input.mediaUrl, mimeType, ...(text ? { caption: text } : {}) },
    text,
  };
}

/** What the carrier is given for a message, and the text the conversation shows for it. */
async function contentOf(
  deps: ChatDeps,
  conversation: ConversationRow,
  input: ChatSendInput,
  header?: TemplateHeaderMedia,
): Promise<Content> {
  switch (input.messageType) {
    case "text": {
      const text = input.text?.trim() ?? "";
      if (!text) throw badRequest("Write a message first", [{ field: "text", message: "is required" }]);
      return { content: { kind: "text", text }, text };
    }
    case "image":
    case "video":
    case "audio":
    case "sticker":
    case "document":
      return mediaContentOf(deps, conversation, input);
    case "location": {
      if (input.latitude === undefined || input.longitude === undefined)
        throw badRequest("A location needs a latitude and a longitude", [
          { field: "latitude", message: "is required" },
        ]);
      // The carrier interface has no location kind yet: the customer gets the place and a map link as text.
      const where = `${input.latitude.toFixed(6)},${input.longitude.toFixed(6)}`;
      const text = `📍 ${input.locationName ? `${input.locationName} ` : ""}https://maps.google.com/?q=${where}`;
      return { content: { kind: "text", text }, text };
    }
    case "template": {
      const template = (await quickReplies(deps.db, conversation)).find((t) => t._id === input.templateId);
      if (!template)
        throw badRequest("Choose an approved template of this sender", [
          { field: "templateId", message: "is not a template of this sender" },
        ]);
      const params = input.params ?? [];
      if (params.length !== template.variableCount || params.some((p) => !p.trim())) {
        throw badRequest(`The template ${template.name} needs ${template.variableCount} value(s)`, [
          { field: "params", message: `needs ${template.variableCount} value(s)` },
        ]);
      }
      const text = renderTemplate(template, params);
      const media =
        header ??
        (conversation.channel === "whatsapp"
          ? await headerOf(deps, conversation.userId, template._id, input.headerMediaId)
          : undefined);
      // An SMS template goes with its DLT template id: a DLT route's operators deliver nothing without it.
      const content: MessageContent =
        conversation.channel === "whatsapp"
          ? {
              kind: "template",
              templateName: template.name,
              language: template.language ?? "en",
              params,
              ...(media ? { header: media } : {}),
            }
          : { kind: "text", text, ...(template.dltTemplateId ? { dltTemplateId: template.dltTemplateId } : {}) };
      return { content, text, templateName: template.name, language: template.language ?? undefined };
    }
  }
}

/** Hands a stored message to the carrier and records the outcome; receipts move it on from there. */
async function deliver(
  deps: ChatDeps,
  conversation: ConversationRow,
  message: ChatMessageRow,
  prepared: Content,
): Promise<void> {
  let status: "sent" | "failed";
  let error: string | null = null;
  let providerMessageId: string | undefined;
  try {
    // An attachment goes to the provider first; a refusal (type, size) fails the message with the provider's reason.
    const content =
      prepared.content ?? (await fileContent(deps, conversation, prepared.file as ChatFileRow, prepared.text));
    const result = await deps.carrier.send({
      id: chatCarrierId(message.id),
      channel: conversation.channel as ChatChannel,
      from: conversation.businessAddress,
      to: conversation.customerNumber,
      content,
    });
    if (result.accepted) {
      status = "sent";
      providerMessageId = result.providerMessageId;
    } else {
      status = "failed";
      error = result.reason;
    }
  } catch (err) {
    status = "failed";
    error = err instanceof Error ? err.message : String(err);
  }
  const applied = await applyChatStatus(deps.db, message.id, status, error, providerMessageId);
  if (applied)
    pushStatus(
      deps.io,
      { userId: applied.user_id, assignedAgentId: applied.assigned_agent_id },
      { chatId: applied.conversation_id, messageId: String(applied.id), status: applied.status, error: applied.error },
    );
}

/**
 * Sends a message in a conversation (the socket's 'message' and chats.send). The message is written before this
 * answers; the same clientId in the same conversation answers the stored message and sends nothing again.
 */
export async function sendChatMessage(
  deps: ChatDeps,
  caller: Caller,
  conversationId: string,
  input: ChatSendInput,
  ws?: ChatWorkspace,
  header?: TemplateHeaderMedia,
): Promise<ChatMessageOut> {
  return sendInWorkspace(deps, ws ?? (await chatWorkspace(deps.db, caller)), conversationId, input, header);
}

/**
 * The same, for a sender that is not a signed-in person (an AI agent writes as its owner's workspace). `header` is a
 * WhatsApp template's prepared header media (a workflow step's, uploaded to the carrier), sent with the template.
 */
export async function sendInWorkspace(
  deps: ChatDeps,
  workspace: ChatWorkspace,
  conversationId: string,
  input: ChatSendInput,
  header?: TemplateHeaderMedia,
): Promise<ChatMessageOut> {
  const conversation = await findConversation(deps.db, workspace, conversationId);
  const [existing] = await deps.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.clientId, input.clientId)));
  if (existing) return toChatMessageRecord(existing);

  const left = serviceWindowLeftMs(conversation.channel as ChatChannel, conversation.lastInboundAt, new Date());
  if (left === 0 && input.messageType !== "template") throw new HttpError(422, WINDOW_CLOSED);
  if (input.messageType !== "template" && (await dltTemplatesOnly(deps.carrier, conversation)))
    throw new HttpError(422, DLT_TEMPLATES_ONLY);
  const prepared = await contentOf(deps, conversation, input, header);
  const { text, templateName, language, file } = prepared;
  const body = {
    ...(input.mediaUrl && !file ? { mediaUrl: input.mediaUrl } : {}),
    ...(input.mimeType && !file ? { mimeType: input.mimeType } : {}),
    ...(input.fileName && !file ? { fileName: input.fileName } : {}),
    ...(file ? fileBody(conversation.id, file) : {}),
    ...(input.latitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : {}),
    ...(input.locationName ? { locationName: input.locationName } : {}),
    ...(templateName ? { templateId: input.templateId, templateName, language, params: input.params } : {}),
  };
  const now = new Date();
  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        conversationId: conversation.id,
        userId: conversation.userId,
        direction: "out",
        type: input.messageType,
        text,
        body,
        clientId: input.clientId,
        agentId: workspace.agentId,
        authorName: workspace.authorName,
        status: "pending",
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    if (file && !(await markChatFileUsed(tx, file.id, now))) throw new HttpError(422, ATTACHMENT_EXPIRED);
    const [updated] = await tx
      .update(conversations)
      .set({
        lastMessageAt: now,
        lastMessageText: previewOf(input.messageType, text),
        unreadCount: 0,
        // The episode's first reply stops its first-response clock (issue 40 item 5).
        ...firstReplySet(now, workspace.agentId),
      })
      .where(eq(conversations.id, conversation.id))
      .returning();
    return { row, conversation: updated ?? conversation };
  });
  if (!stored) {
    // The same clientId won a race with this request: answer what it stored.
    const [again] = await deps.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.clientId, input.clientId)));
    if (!again) throw new HttpError(409, "The message could not be stored; send it again");
    return toChatMessageRecord(again);
  }
  pushChatMessage(deps.io, stored.conversation, stored.row);
  pushConversation(deps.io, stored.conversation, await conversationRecord(deps.db, stored.conversation));
  void deliver(deps, stored.conversation, stored.row, prepared).catch((err: unknown) =>
    deps.log?.error({ err }, "chat message not handed to the carrier"),
  );
  return toChatMessageRecord(stored.row);
}

/** An internal note: stored and shown to the team, never sent. */
export async function addNote(
  deps: ChatDeps,
  caller: Caller,
  conversationId: string,
  input: { clientId: string; text: string },
): Promise<ChatMessageOut> {
  return addNoteInWorkspace(deps, await chatWorkspace(deps.db, caller), conversationId, input);
}

export async function addNoteInWorkspace(
  deps: ChatDeps,
  workspace: ChatWorkspace,
  conversationId: string,
  input: { clientId: string; text: string },
): Promise<ChatMessageOut> {
  const conversation = await findConversation(deps.db, workspace, conversationId);
  const [row] = await deps.db
    .insert(chatMessages)
    .values({
      conversationId: conversation.id,
      userId: conversation.userId,
      direction: "note",
      type: "text",
      text: input.text.trim(),
      clientId: input.clientId,
      agentId: workspace.agentId,
      authorName: workspace.authorName,
    })
    .onConflictDoUpdate({
      target: [chatMessages.conversationId, chatMessages.clientId],
      set: { clientId: sql`excluded.client_id` },
    })
    .returning();
  if (!row) throw new HttpError(409, "The note could not be stored");
  pushChatMessage(deps.io, conversation, row);
  return toChatMessageRecord(row);
}
