import { describe, expect, it } from "vitest";
import { checkWhatsAppTemplate, fillVariables, headerMediaFormat, type WaButton } from "./whatsapp-template";
import { body, buttons, phone, qr, RULE_CASES, url, VALID_DRAFT, withComponents } from "./whatsapp-template.cases";

describe("checkWhatsAppTemplate", () => {
  it("accepts a draft that follows every rule", () => {
    expect(checkWhatsAppTemplate(VALID_DRAFT)).toEqual([]);
  });

  it.each(RULE_CASES)("%s → %s", (_case, draft, field, message) => {
    expect(checkWhatsAppTemplate(draft)).toEqual([{ field, message }]);
  });

  it.each<[string, WaButton[]]>([
    ["quick replies first", [qr("A"), qr("B"), url("C"), phone("D")]],
    ["quick replies last", [url("C"), phone("D"), qr("A"), qr("B")]],
    ["ten quick replies", Array.from({ length: 10 }, (_, i) => qr(`Option ${i}`))],
  ])("accepts %s", (_case, list) => {
    expect(checkWhatsAppTemplate(withComponents(body("Hello"), buttons(...list)))).toEqual([]);
  });

  it("accepts a media header without text and reports its format", () => {
    const draft = withComponents({ type: "HEADER", format: "IMAGE" }, body("Hello"));
    expect(checkWhatsAppTemplate(draft)).toEqual([]);
    expect(headerMediaFormat(draft.components)).toBe("IMAGE");
    expect(headerMediaFormat(VALID_DRAFT.components)).toBeUndefined();
  });
});

describe("fillVariables", () => {
  it.each([
    ["Hi {{1}}, order {{2}}", ["Asha", "#7"], "Hi Asha, order #7"],
    ["Hi {{1}}, order {{2}}", ["Asha"], "Hi Asha, order {{2}}"],
    ["No variables", [], "No variables"],
  ])("%s with %j → %s", (text, values, expected) => {
    expect(fillVariables(text, values)).toBe(expected);
  });
});
