import { beforeEach, describe, expect, it } from "vitest";
import { notificationsStore } from "../shell/notifications/store";
import { subscribeChatNotifications } from "./chat-notifications";
import { publishRealtime } from "./realtime-events";

const message = (messageId: string, direction: "in" | "out") => ({
  message: {
    channel: "whatsapp", chatId: "conv-1", messageId, senderPhoneNumber: "+919812345678", text: "Is my order shipped?",
    sendTime: "2026-11-24T00:00:00.000Z", direction, messageType: "text", clientId: null,
  },
});

describe("chat notifications (SPEC 4)", () => {
  beforeEach(() => notificationsStore.clear());

  it("puts a customer's message on top, marked new, with the dot, opening its conversation", () => {
    const stop = subscribeChatNotifications("manager");
    publishRealtime("message", message("7", "in"));
    stop();
    const state = notificationsStore.getState();
    expect(state.hasAlert).toBe(true);
    expect(state.items[0]).toMatchObject({
      id: "chat:7", isNew: true, title: "+919812345678 · WhatsApp", description: "Is my order shipped?", href: "/organization/chats?chat=conv-1",
    });
  });

  it("ignores the echo of an agent's own message and repeats of one message", () => {
    const stop = subscribeChatNotifications("user");
    publishRealtime("message", message("8", "out"));
    publishRealtime("message", message("9", "in"));
    publishRealtime("message", message("9", "in"));
    stop();
    expect(notificationsStore.getState().items.map((i) => i.id)).toEqual(["chat:9"]);
  });
});
