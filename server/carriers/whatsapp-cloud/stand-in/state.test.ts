import { describe, expect, it } from "vitest";
import { DEFAULT_APP, StandInState, defaultWaba } from "./state.js";

describe("the stand-in's ids", () => {
  it("object ids are 16 digits and do not repeat (a template's id once collided with an earlier one's)", () => {
    const state = new StandInState(
      DEFAULT_APP,
      {
        messagesPerSecond: 80,
        pairLimit: { count: 1, windowMs: 1 },
        delays: { sentMs: 0, deliveredMs: 0, readMs: 0 },
        readReceipts: false,
        reviewMs: 0,
        notOnWhatsApp: new Set(),
        stoppedMarketing: new Set(),
      },
      [defaultWaba()],
      {},
    );
    const ids = Array.from({ length: 1000 }, () => state.nextId("object"));
    expect(ids.every((id) => /^[1-9]\d{15}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
