// The id a tapped choice carries in Meta's messages webhook, read beside its title (issue 40: CSAT answers).
import { describe, expect, it } from "vitest";
import { inboundPayload, inboundText } from "./webhooks";

describe("a customer's tap in the messages webhook", () => {
  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    [
      "reply button",
      { type: "interactive", interactive: { type: "button_reply", button_reply: { id: "csat:5", title: "Great" } } },
      "Great",
      "csat:5",
    ],
    [
      "list row",
      { type: "interactive", interactive: { type: "list_reply", list_reply: { id: "slot-1", title: "10:00" } } },
      "10:00",
      "slot-1",
    ],
    ["template quick reply", { type: "button", button: { payload: "csat:3", text: "Okay" } }, "Okay", "csat:3"],
    ["typed text", { type: "text", text: { body: "5" } }, "5", undefined],
    ["button without an id", { type: "interactive", interactive: { button_reply: { title: "Hi" } } }, "Hi", undefined],
  ])("%s: text and payload", (_, m, text, payload) => {
    expect(inboundText(m)).toBe(text);
    expect(inboundPayload(m)).toBe(payload);
  });
});
