import { describe, expect, it } from "vitest";
import {
  applyStatus,
  emptyThread,
  FIRST_INDEX_START,
  laterStatus,
  newestId,
  prependPage,
  upsertMessage,
  windowLabel,
  type ChatMessage,
} from "./thread-state";

const msg = (id: string, over: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  chatId: "c",
  direction: "out",
  messageType: "text",
  text: id,
  mediaUrl: null,
  mimeType: null,
  fileName: null,
  attachmentId: null,
  fileSize: null,
  latitude: null,
  longitude: null,
  templateName: null,
  clientId: null,
  authorName: "",
  agentId: null,
  status: null,
  error: null,
  campaignId: null,
  createdAt: "2026-11-24T00:00:00.000Z",
  ...over,
});

describe("thread state", () => {
  it("replaces an optimistic message with the stored one of the same clientId, once", () => {
    let s = upsertMessage(emptyThread, msg("5"));
    s = upsertMessage(s, msg("local:a", { clientId: "a", status: "pending" }));
    expect(s.messages.map((m) => m._id)).toEqual(["5", "local:a"]);
    s = upsertMessage(s, msg("7", { clientId: "a", status: "sent" }));
    s = upsertMessage(s, msg("6"));
    expect(s.messages.map((m) => m._id)).toEqual(["5", "6", "7"]);
    s = upsertMessage(s, msg("7", { clientId: "a", status: "pending" }));
    expect(s.messages.filter((m) => m.clientId === "a")).toHaveLength(1);
    expect(s.messages[2]?.status).toBe("sent");
  });

  it("prepends older pages and moves the first index down by the new ones only", () => {
    let s = upsertMessage(emptyThread, msg("10"));
    s = prependPage(s, [msg("8"), msg("9"), msg("10")], true);
    expect(s.messages.map((m) => m._id)).toEqual(["8", "9", "10"]);
    expect(s.firstItemIndex).toBe(FIRST_INDEX_START - 2);
    expect(s.hasOlder).toBe(true);
  });

  it("never moves ticks back", () => {
    expect(laterStatus("read", "delivered")).toBe("read");
    expect(laterStatus("sent", "failed")).toBe("failed");
    expect(laterStatus("delivered", "failed")).toBe("delivered");
    const s = applyStatus(upsertMessage(emptyThread, msg("1", { status: "sent" })), "1", "read", null);
    expect(s.messages[0]?.status).toBe("read");
  });

  it("formats the window and finds the newest stored id", () => {
    expect(windowLabel(23 * 3600_000 + 10 * 60_000)).toBe("23 h 10 min left");
    expect(windowLabel(9 * 60_000)).toBe("9 min left");
    expect(newestId([msg("3"), msg("local:x"), msg("12")])).toBe(12);
  });
});
