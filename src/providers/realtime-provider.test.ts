import { describe, expect, it } from "vitest";
import type { BalanceRequestRecord } from "../../contract";
import { decisionNotification } from "./realtime-provider";

const base: BalanceRequestRecord = {
  _id: "r1",
  userId: "u1",
  username: "priya",
  amount: 1500,
  status: "approved",
  reason: "",
  decidedBy: "manager",
  decidedAt: "2026-11-23T10:00:00.000Z",
  createdAt: "2026-11-23T09:00:00.000Z",
};

describe("decisionNotification", () => {
  it("announces an approval with the amount and who approved it", () => {
    expect(decisionNotification(base)).toEqual({
      id: "balance-request-r1-approved",
      title: "Balance request approved",
      description: "₹1,500.00 was added to your balance by manager.",
      time: Date.parse("2026-11-23T10:00:00.000Z"),
    });
  });

  it("gives a rejection's reason", () => {
    const n = decisionNotification({ ...base, status: "rejected", reason: "Budget closed" });
    expect(n.title).toBe("Balance request rejected");
    expect(n.description).toBe("Your request for ₹1,500.00 was rejected by manager: Budget closed");
  });
});
