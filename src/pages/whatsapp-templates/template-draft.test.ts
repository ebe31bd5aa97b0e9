import { describe, expect, it } from "vitest";
import { EMPTY_DRAFT, issuesOf, nextVariable, toComponents, type TemplateDraft } from "./template-draft";

const draft = (d: Partial<TemplateDraft>): TemplateDraft => ({ ...EMPTY_DRAFT, name: "order_update", ...d });

describe("the editor's draft", () => {
  it("becomes Meta's components with examples for the variables it has", () => {
    expect(
      toComponents(
        draft({
          header: "IMAGE",
          body: "Hi {{1}}, see you {{2}}.",
          bodyExamples: ["Asha", "Monday", "stale"],
          footer: "Acme",
          buttons: [{ type: "QUICK_REPLY", text: "OK" }],
        }),
      ),
    ).toEqual([
      { type: "HEADER", format: "IMAGE" },
      { type: "BODY", text: "Hi {{1}}, see you {{2}}.", example: { body_text: [["Asha", "Monday"]] } },
      { type: "FOOTER", text: "Acme" },
      { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "OK" }] },
    ]);
  });

  it.each<[string, Partial<TemplateDraft>, string]>([
    ["a missing example", { body: "Hi {{1}} there" }, "body.example.1"],
    ["a long header", { header: "TEXT", headerText: "x".repeat(61), body: "Hello" }, "header.text"],
    ["an uppercase name", { name: "Hello", body: "Hello" }, "name"],
  ])("explains %s at its field", (_case, d, field) => {
    expect(issuesOf(draft(d)).map((i) => i.field)).toContain(field);
  });

  it("inserts the next variable number", () => {
    expect(nextVariable("Hi {{1}} and {{2}}")).toBe("{{3}}");
    expect(nextVariable("Hi")).toBe("{{1}}");
  });
});
