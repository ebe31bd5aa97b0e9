import type { Static } from "@sinclair/typebox";
import type { ChatMessageRecord, ConversationRecord } from "../../../contract/calls/chat-records";
import { serviceWindowLeftMs, type ChatChannel } from "../../../contract/domain/chats";
import type { chatMessages, conversations } from "../../db/schema";
import { slaView } from "./sla";
import type { SlaSettings } from "./sla-settings";

export type ConversationRow = typeof conversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ConversationOut = Static<typeof ConversationRecord>;
export type ChatMessageOut = Static<typeof ChatMessageRecord>;

const iso = (d: Date | string) => new Date(d).toISOString();

/** One mapping from rows to what the calls and the socket answer; labels come from the account's addresses. */
export function toConversationRecord(
  row: ConversationRow,
  labels: ReadonlyMap<string, string>,
  agentName: string | null,
  now = new Date(),
  customerLabels: ConversationOut["labels"] = [],
  sla?: SlaSettings,
): ConversationOut {
  return {
    _id: row.id,
    channel: row.channel as ChatChannel,
    customerNumber: row.customerNumber,
    customerName: row.customerName,
    businessAddress: row.businessAddress,
    businessLabel: labels.get(`${row.channel}|${row.businessAddress}`) ?? row.businessAddress,
    status: row.status,
    assignedAgentId: row.assignedAgentId,
    assignedAgentName: agentName,
    lastMessageAt: iso(row.lastMessageAt),
    lastMessageText: row.lastMessageText,
    lastInboundAt: row.lastInboundAt ? iso(row.lastInboundAt) : null,
    unreadCount: row.unreadCount,
    labels: customerLabels,
    windowLeftMs: serviceWindowLeftMs(
      row.channel as ChatChannel,
      row.lastInboundAt ? new Date(row.lastInboundAt) : null,
      now,
    ),
    ...slaView(row, sla, now),
    createdAt: iso(row.createdAt),
  };
}

export function toChatMessageRecord(row: ChatMessageRow): ChatMessageOut {
  const body = row.body ?? {};
  return {
    _id: String(row.id),
    chatId: row.conversationId,
    direction: row.direction,
    messageType: row.type,
    text: row.text,
    mediaUrl: body.mediaUrl ?? null,
    mimeType: body.mimeType ?? null,
    fileName: body.fileName ?? null,
    attachmentId: body.fileId ?? null,
    fileSize: body.size ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    templateName: body.templateName ?? null,
    clientId: row.clientId,
    authorName: row.authorName,
    agentId: row.agentId,
    status: row.status ?? null,
    error: row.error,
    campaignId: row.campaignId,
    createdAt: iso(row.createdAt),
  };
}

/** What the list shows as the last message of a non-text message. */
export function previewOf(type: string, text: string): string {
  if (text) return text.slice(0, 200);
  return (
    {
      image: "📷 Photo",
      video: "🎬 Video",
      audio: "🎵 Audio",
      sticker: "Sticker",
      document: "📄 Document",
      location: "📍 Location",
      template: "Template",
    }[type] ?? ""
  );
}
