import { describe, expect, it } from "vitest";
import type { RecipientRecord } from "../../../../../contract";
import { responseLines } from "./response-lines";

const recipient = (r: Partial<RecipientRecord>): RecipientRecord => ({
  _id: "1",
  campaignId: "c1",
  row: 2,
  number: "+919000000011",
  variables: [],
  state: "failed",
  reason: "Message undeliverable",
  code: "131026",
  cost: 0,
  failedOver: true,
  failover: null,
  reply: null,
  sentAt: null,
  deliveredAt: null,
  readAt: null,
  repliedAt: null,
  failedAt: "2026-12-05T10:00:00.000Z",
  ...r,
});

describe("responseLines", () => {
  it("puts a recipient's SMS failover under its WhatsApp message as its own line, with its own state, times, reason and cost", () => {
    const failover = {
      state: "delivered" as const,
      cost: 0.25,
      code: null,
      reason: null,
      sentAt: "2026-12-05T10:00:01.000Z",
      deliveredAt: "2026-12-05T10:00:04.000Z",
      failedAt: null,
    };
    const [line] = responseLines("whatsapp", [recipient({ failover })]);
    expect(line).toMatchObject({
      key: "1",
      message: "WhatsApp",
      state: "failed",
      code: "131026",
      cost: 0,
      failedOver: false,
    });
    expect(line.children).toEqual([
      expect.objectContaining({
        key: "1:sms",
        kind: "failover",
        message: "SMS failover",
        state: "delivered",
        sentAt: failover.sentAt,
        deliveredAt: failover.deliveredAt,
        readAt: null,
        cost: 0.25,
      }),
    ]);
  });

  it("a recipient without failover is one line; one failed over before failovers had their own columns keeps its tag", () => {
    expect(responseLines("rcs", [recipient({ failedOver: false, state: "delivered" })])).toEqual([
      expect.not.objectContaining({ children: expect.anything() }),
    ]);
    expect(responseLines("rcs", [recipient({})])[0]).toMatchObject({ message: "RCS", failedOver: true });
  });
});
