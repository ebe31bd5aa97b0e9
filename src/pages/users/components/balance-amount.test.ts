import { describe, expect, it } from "vitest";
import { amountProblem, type AmountCheck } from "./balance-amount";

const base: AmountCheck = { kind: "add", amount: 100, targetBalance: 50, callerRole: "reseller", callerBalance: 1000 };

describe("amountProblem", () => {
  it.each<[string, Partial<AmountCheck>, string | null]>([
    ["a top-up the reseller can pay", {}, null],
    ["a top-up of exactly the reseller's balance", { amount: 1000 }, null],
    [
      "a top-up above the reseller's balance",
      { amount: 1000.01 },
      "More than your own balance of ₹1,000.00, which pays for a top-up",
    ],
    [
      "a top-up above the manager's balance",
      { callerRole: "manager", callerBalance: 20, amount: 25 },
      "More than your own balance of ₹20.00, which pays for a top-up",
    ],
    ["an admin's top-up (new credit, no cap)", { callerRole: "admin", callerBalance: 0, amount: 5000 }, null],
    ["a top-up while the own balance loads", { callerBalance: null, amount: 5000 }, null],
    ["a deduction above the account's balance", { kind: "deduct", amount: 60 }, "The account only has ₹50.00"],
    ["a deduction within it, above the caller's own balance", { kind: "deduct", amount: 50, callerBalance: 0 }, null],
    ["zero", { amount: 0 }, "The amount must be at least ₹0.01"],
    [
      "more than the schema allows",
      { callerRole: "admin", amount: 100_000_001 },
      "The amount can be at most ₹10,00,00,000.00",
    ],
  ])("%s", (_name, change, expected) => {
    expect(amountProblem({ ...base, ...change })).toBe(expected);
  });
});
