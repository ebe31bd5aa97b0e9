import { describe, expect, it } from "vitest";
import type { AttributeDefinition } from "./contacts";
import { NEW_SEGMENT_DEFINITION, parseSegmentDefinition } from "./segments";

// The builder and the server share this check: what it keeps, and the field each refusal names.

const ATTRIBUTES: AttributeDefinition[] = [
  { key: "score", type: "number", choices: [] },
  { key: "tier", type: "choice", choices: ["gold", "silver"] },
];
const one = (condition: Record<string, unknown>) => ({
  join: "and",
  groups: [{ join: "or", conditions: [condition] }],
});
const at = "definition.groups[0].conditions[0]";

describe("parseSegmentDefinition", () => {
  it.each([
    ["a number range", { kind: "attribute", key: "score", op: "between", value: 1, to: 5 }],
    ["choices", { kind: "attribute", key: "tier", op: "in", values: ["gold"] }],
    [
      "engagement in a campaign",
      { kind: "engagement", event: "read", days: 365, campaignId: "0b0f9a4e-5c55-4c33-9d0e-1f1e4c8a7b11" },
    ],
    ["a click in the last week", { kind: "engagement", event: "clicked", days: 7 }],
    ["consent with no record", { kind: "consent", channel: "rcs", state: "none" }],
    ["an empty email", { kind: "field", field: "email", op: "empty" }],
  ])("keeps %s", (_name, condition) => {
    const parsed = parseSegmentDefinition(one(condition), ATTRIBUTES);
    expect(parsed).toEqual({ ok: true, definition: one(condition) });
  });

  it.each([
    ["a between with no upper bound", { kind: "attribute", key: "score", op: "between", value: 1 }, `${at}.to`],
    ["a choice op on a number", { kind: "attribute", key: "score", op: "in", values: ["1"] }, `${at}.op`],
    ["an unknown kind", { kind: "clicked" }, `${at}.kind`],
    ["a field that is not one", { kind: "field", field: "phone", op: "eq", value: "1" }, `${at}.field`],
    ["a consent channel of all", { kind: "consent", channel: "all", state: "opted_in" }, `${at}.channel`],
    ["half days", { kind: "engagement", event: "read", days: 1.5 }, `${at}.days`],
    ["an event that is not one", { kind: "engagement", event: "opened", days: 7 }, `${at}.event`],
    ["a click with no window", { kind: "engagement", event: "clicked" }, `${at}.days`],
  ])("refuses %s, naming %s", (_name, condition, field) => {
    const parsed = parseSegmentDefinition(one(condition), ATTRIBUTES);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.map((e) => e.field)).toContain(field);
  });

  it("asks the builder's starting definition for its label first", () => {
    const parsed = parseSegmentDefinition(NEW_SEGMENT_DEFINITION, ATTRIBUTES);
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.field)).toEqual([`${at}.label`]);
  });
});
