import { describe, expect, it } from "vitest";
import { DLT_ROUTE_MESSAGES, dltNumberProblem, dltVariablesProblem, overlongVariables } from "./dlt-route";
import { SMS_VARIABLE_MAX } from "./sms";

describe("dltNumberProblem", () => {
  it.each([
    ["+919876543210", null],
    ["+916000000000", null],
    ["+917000000001", null],
    ["+918123456789", null],
    ["+915123456789", DLT_ROUTE_MESSAGES.notIndianMobile], // starts 5: not a mobile series
    ["+911123456789", DLT_ROUTE_MESSAGES.notIndianMobile], // Delhi landline (STD 11)
    ["+912224567890", DLT_ROUTE_MESSAGES.notIndianMobile], // Mumbai landline (STD 22)
    ["+14155550100", DLT_ROUTE_MESSAGES.notIndianMobile], // United States
    ["+447700900123", DLT_ROUTE_MESSAGES.notIndianMobile], // United Kingdom mobile
    ["+9198765432101", DLT_ROUTE_MESSAGES.notIndianMobile], // eleven digits
    ["+91987654321", DLT_ROUTE_MESSAGES.notIndianMobile], // nine digits
    ["9876543210", DLT_ROUTE_MESSAGES.notIndianMobile], // not E.164
  ])("%s → %s", (number, expected) => {
    expect(dltNumberProblem(number)).toBe(expected);
  });

  it("says the route takes Indian mobiles only", () => {
    expect(DLT_ROUTE_MESSAGES.notIndianMobile).toContain("Indian mobile numbers only");
  });
});

describe("overlongVariables", () => {
  const at = (n: number) => "x".repeat(n);
  it.each([
    ["none", [], [], []],
    ["at the limit", [at(SMS_VARIABLE_MAX)], ["{{name}}"], []],
    ["one over", [at(SMS_VARIABLE_MAX + 1)], ["{{name}}"], [{ index: 0, variable: "{{name}}", length: 31 }]],
    ["second of two, unnamed", ["ok", at(34)], [], [{ index: 1, variable: "#2", length: 34 }]],
    [
      "both over",
      [at(36), at(40)],
      ["{{a}}", "{{b}}"],
      [
        { index: 0, variable: "{{a}}", length: 36 },
        { index: 1, variable: "{{b}}", length: 40 },
      ],
    ],
    // Devanagari and emoji count one per character, not per UTF-16 unit.
    ["30 Hindi letters", ["क".repeat(30)], [], []],
    ["30 emoji", ["😀".repeat(30)], [], []],
    ["31 emoji", ["😀".repeat(31)], [], [{ index: 0, variable: "#1", length: 31 }]],
  ])("%s", (_label, values, names, expected) => {
    expect(overlongVariables(values, names)).toEqual(expected);
  });

  it("names the first over-long variable and its length", () => {
    expect(dltVariablesProblem(["short", at(34)], ["{{name}}", "{{link}}"])).toBe(
      `Variable {{link}} is 34 characters; DLT allows at most ${SMS_VARIABLE_MAX}`,
    );
    expect(dltVariablesProblem(["short"])).toBeNull();
  });
});
