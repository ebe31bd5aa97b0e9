import { describe, expect, it } from "vitest";
import { cannedKeys, followsDltTemplate, matchDltTemplate, unknownCannedKeys } from "./canned-responses";

const BODY = "Dear {#var#}, order {#var#} ships today (50% off). - ACME";
const MATCH: [string, string, string[] | null][] = [
  ["both values", "Dear Ravi, order 1234 ships today (50% off). - ACME", ["Ravi", "1234"]],
  ["an empty value", "Dear , order 1 ships today (50% off). - ACME", ["", "1"]],
  [
    "30 characters (DLT's limit)",
    `Dear ${"x".repeat(30)}, order 1 ships today (50% off). - ACME`,
    ["x".repeat(30), "1"],
  ],
  ["31 characters", `Dear ${"x".repeat(31)}, order 1 ships today (50% off). - ACME`, null],
  [
    "30 Devanagari letters count as 30",
    `Dear ${"क".repeat(30)}, order 1 ships today (50% off). - ACME`,
    ["क".repeat(30), "1"],
  ],
  ["changed fixed text", "Hi Ravi, order 1234 ships today (50% off). - ACME", null],
  ["a regex character taken literally", "Dear Ravi, order 1234 ships today (50X off). - ACME", null],
  ["text after the end", "Dear Ravi, order 1 ships today (50% off). - ACME!", null],
];

describe("the DLT template match", () => {
  it.each(MATCH)("%s", (_, text, values) => expect(matchDltTemplate(BODY, text)).toEqual(values));
});

describe("a canned response's variables", () => {
  it("reads {{name}} and {{contact.name}} as one contact key, lower-case, once", () => {
    expect(cannedKeys("{{name}} {{contact.Name|x}} {{ contact.city | Pune }} {{Plan}}")).toEqual([
      "name",
      "city",
      "plan",
    ]);
  });
  it("names the keys that are neither fields nor the account's attributes", () => {
    expect(unknownCannedKeys("{{name}} {{email}} {{city}} {{plan}}", new Set(["city"]))).toEqual(["plan"]);
  });
});

const FOLLOWS: [string, string, boolean][] = [
  ["the registered text itself", BODY, true],
  ["variables in the places", "Dear {{name}}, order {{contact.order|your order}} ships today (50% off). - ACME", true],
  ["a fixed word in a place", "Dear Customer, order {{order}} ships today (50% off). - ACME", true],
  ["two variables in one place", "Dear {{name}} {{email}}, order 1 ships today (50% off). - ACME", true],
  ["a variable in the fixed text", "Dear {{name}}, order 1 ships {{when}} (50% off). - ACME", false],
  ["changed fixed text", "Hi {{name}}, order {{order}} ships today (50% off). - ACME", false],
  ["text after the end", "Dear {{name}}, order 1 ships today (50% off). - ACME Thanks", false],
];

describe("a canned body against its DLT template", () => {
  it.each(FOLLOWS)("%s", (_, body, follows) => expect(followsDltTemplate(BODY, body)).toBe(follows));
});
