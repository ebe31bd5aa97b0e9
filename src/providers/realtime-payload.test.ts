import { afterEach, describe, expect, it, vi } from "vitest";
import { chatMessageOf, DROPPED, isIgnoredEvent, parseRealtimePayload, typingEventFor } from "./realtime-payload";

const message = {
  channel: "whatsapp" as const,
  chatId: "c1",
  messageId: "41",
  senderPhoneNumber: "+919812345678",
  text: "hi",
  sendTime: "2026-11-24T00:00:00.000Z",
  direction: "in" as const,
  messageType: "text" as const,
  clientId: null,
};

describe("real-time payloads (SPEC 4)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("parses JSON text and passes objects through", () => {
    expect(parseRealtimePayload(JSON.stringify({ message }))).toEqual({ message });
    const object = { message };
    expect(parseRealtimePayload(object)).toBe(object);
  });

  it("logs 'Error parsing data' and drops text that is not JSON", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(parseRealtimePayload("{not json")).toBe(DROPPED);
    expect(log).toHaveBeenCalledWith("Error parsing data");
  });

  it("ignores failedStatus, channel and disconnect only", () => {
    expect(["failedStatus", "channel", "disconnect"].every(isIgnoredEvent)).toBe(true);
    expect(["message", "progressUpdate", "typingStatus"].some(isIgnoredEvent)).toBe(false);
  });

  it("finds the chat message nested under message or at the top", () => {
    expect(chatMessageOf({ message })).toEqual(message);
    expect(chatMessageOf(message)).toEqual(message);
    expect(chatMessageOf({ message: { text: "no ids" } })).toBeNull();
    expect(chatMessageOf("text")).toBeNull();
  });

  it("builds IS_TYPING from the inbound message's chat, message, sender and channel", () => {
    expect(typingEventFor(message)).toEqual({
      eventType: "IS_TYPING",
      chatId: "c1",
      messageId: "41",
      phoneNumber: "+919812345678",
      channel: "whatsapp",
    });
  });
});
