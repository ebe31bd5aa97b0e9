import type { Role } from "../../contract";
import { CHAT_MESSAGE_EVENT, type RealtimeChatMessage } from "../../contract/domain/chats";
import { areaPath } from "../../resources/derive";
import { playChime } from "../lib/chime";
import { notificationsStore } from "../shell/notifications/store";
import { subscribeRealtime } from "./realtime-events";
import { chatMessageOf } from "./realtime-payload";

const CHANNEL_LABEL: Record<RealtimeChatMessage["message"]["channel"], string> = { whatsapp: "WhatsApp", sms: "SMS", rcs: "RCS" };

/** The bell's entry for a customer's message: who wrote on which channel, what they wrote, and where it opens. */
export function chatNotification(message: RealtimeChatMessage["message"], role: Role) {
  return {
    id: `chat:${message.messageId}`,
    title: `${message.senderPhoneNumber} · ${CHANNEL_LABEL[message.channel] ?? message.channel}`,
    description: message.text || `New ${message.messageType} message`,
    time: Date.parse(message.sendTime) || Date.now(),
    href: `${areaPath(role, "chats")}?chat=${encodeURIComponent(message.chatId)}`,
  };
}

/**
 * SPEC 4: a new incoming message adds a notification at the top marked new, lights the dot and plays a sound.
 * Only the customer's messages count (an agent's own sends echo back as 'message' too). Returns the unsubscribe.
 */
export function subscribeChatNotifications(role: Role): () => void {
  return subscribeRealtime(CHAT_MESSAGE_EVENT, (payload) => {
    const message = chatMessageOf(payload);
    if (!message || (message.direction && message.direction !== "in")) return;
    const before = notificationsStore.getState();
    notificationsStore.push(chatNotification(message, role));
    if (notificationsStore.getState() !== before) playChime();
  });
}
