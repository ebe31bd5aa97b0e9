import { describe, expect, it } from "vitest";
import type { BalanceRequestRecord } from "../../contract";
import { decisionNotification, unseenDecisions } from "./balance-decisions";

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

describe("unseenDecisions", () => {
  const at = (iso: string | null, status: BalanceRequestRecord["status"] = "approved", id = iso ?? "p") => ({
    ...base,
    _id: id,
    status,
    decidedAt: iso,
  });
  const records = [
    at("2026-11-23T10:00:00.000Z"),
    at("2026-11-23T12:00:00.000Z", "rejected"),
    at(null, "pending"),
    at("2026-11-23T11:00:00.000Z"),
  ];

  it("announces nothing on a first visit and remembers the newest decision", () => {
    expect(unseenDecisions(records, null)).toEqual({ unseen: [], seenUpTo: Date.parse("2026-11-23T12:00:00.000Z") });
  });

  it("announces decisions after the watermark, oldest first, and moves it", () => {
    const { unseen, seenUpTo } = unseenDecisions(records, Date.parse("2026-11-23T10:00:00.000Z"));
    expect(unseen.map((r) => r.decidedAt)).toEqual(["2026-11-23T11:00:00.000Z", "2026-11-23T12:00:00.000Z"]);
    expect(seenUpTo).toBe(Date.parse("2026-11-23T12:00:00.000Z"));
  });

  it("keeps the watermark when nothing new was decided", () => {
    const later = Date.parse("2026-11-24T00:00:00.000Z");
    expect(unseenDecisions(records, later)).toEqual({ unseen: [], seenUpTo: later });
  });
});
