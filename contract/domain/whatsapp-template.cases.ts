// Drafts for the rules' tests: one valid draft, and one row per rule that breaks exactly that rule. The server's
// suite posts the same rows, so both ends are held to the same messages.
import type { WaButton, WaComponent, WaTemplateDraft } from "./whatsapp-template";

export const body = (text: string, examples: string[] = []): WaComponent => ({
  type: "BODY",
  text,
  example: { body_text: [examples] },
});
export const buttons = (...list: WaButton[]): WaComponent => ({ type: "BUTTONS", buttons: list });
export const qr = (text = "Yes"): WaButton => ({ type: "QUICK_REPLY", text });
export const url = (text = "Open"): WaButton => ({ type: "URL", text, url: "https://example.com/x" });
export const phone = (text = "Call us"): WaButton => ({ type: "PHONE_NUMBER", text, phone_number: "+919876543210" });

/** A draft every rule accepts; each row below breaks exactly one rule. */
export const VALID_DRAFT: WaTemplateDraft = {
  name: "order_update_2",
  language: "en_US",
  category: "UTILITY",
  components: [
    { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["#1042"] } },
    body("Hi {{1}}, your order {{2}} ships today.", ["Asha", "#1042"]),
    { type: "FOOTER", text: "Reply STOP to opt out" },
    buttons(
      url(),
      { type: "URL", text: "Track", url: "https://s.in/l/{{1}}", example: ["https://s.in/l/Ab3dE6gH9jK1"] },
      phone(),
      qr("Thanks"),
    ),
  ],
};

export const withComponents = (...components: WaComponent[]): WaTemplateDraft => ({ ...VALID_DRAFT, components });
const long = (n: number) => "a".repeat(n);

/** [case, draft, field, message]: each draft breaks one rule. */
export const RULE_CASES: [string, WaTemplateDraft, string, string][] = [
  ["empty name", { ...VALID_DRAFT, name: "" }, "name", "Name is required"],
  [
    "uppercase name",
    { ...VALID_DRAFT, name: "Order_Update" },
    "name",
    "Name may contain only lowercase letters, digits and underscores",
  ],
  [
    "name with a space",
    { ...VALID_DRAFT, name: "order update" },
    "name",
    "Name may contain only lowercase letters, digits and underscores",
  ],
  ["name over 512", { ...VALID_DRAFT, name: long(513) }, "name", "Name may be at most 512 characters"],
  [
    "unknown language",
    { ...VALID_DRAFT, language: "xx" },
    "language",
    "Choose a language WhatsApp supports, e.g. en_US or hi",
  ],
  [
    "unknown category",
    { ...VALID_DRAFT, category: "PROMOTIONAL" },
    "category",
    "Category must be MARKETING, UTILITY or AUTHENTICATION",
  ],
  [
    "header text over 60",
    withComponents({ type: "HEADER", format: "TEXT", text: long(61) }, body("Hello")),
    "header.text",
    "Header text may be at most 60 characters (now 61)",
  ],
  [
    "empty header text",
    withComponents({ type: "HEADER", format: "TEXT", text: " " }, body("Hello")),
    "header.text",
    "Header text is required",
  ],
  [
    "two header variables",
    withComponents(
      { type: "HEADER", format: "TEXT", text: "{{1}} and {{2}}", example: { header_text: ["a"] } },
      body("Hello"),
    ),
    "header.text",
    "Header text may have at most one variable",
  ],
  [
    "header variable without example",
    withComponents({ type: "HEADER", format: "TEXT", text: "Hi {{1}}" }, body("Hello")),
    "header.example",
    "Give an example value for the header's {{1}}",
  ],
  [
    "header of an unknown format",
    withComponents({ type: "HEADER", format: "AUDIO" as "TEXT" }, body("Hello")),
    "header.format",
    "Header must be TEXT, IMAGE, VIDEO or DOCUMENT",
  ],
  ["no body", withComponents({ type: "FOOTER", text: "x" }), "body.text", "Body text is required"],
  ["body over 1024", withComponents(body(long(1025))), "body.text", "Body may be at most 1024 characters (now 1025)"],
  [
    "variables with a gap",
    withComponents(body("Hi {{1}} and {{3}}", ["a", "b", "c"])),
    "body.text",
    "Variables must be numbered from {{1}} without gaps: {{2}} is missing",
  ],
  [
    "variables not from 1",
    withComponents(body("Hi {{2}}", ["a", "b"])),
    "body.text",
    "Variables must be numbered from {{1}} without gaps: {{1}} is missing",
  ],
  [
    "named variable",
    withComponents(body("Hi {{name}}", ["a"])),
    "body.text",
    "Variable {{name}} is not allowed: use numbered variables {{1}}, {{2}}, …",
  ],
  [
    "missing example",
    withComponents(body("Hi {{1}}, code {{2}}", ["Asha"])),
    "body.example.2",
    "Give an example value for {{2}}",
  ],
  [
    "footer over 60",
    withComponents(body("Hello"), { type: "FOOTER", text: long(61) }),
    "footer.text",
    "Footer may be at most 60 characters (now 61)",
  ],
  [
    "footer with a variable",
    withComponents(body("Hello"), { type: "FOOTER", text: "Bye {{1}}" }),
    "footer.text",
    "Footer may not contain variables",
  ],
  ["two bodies", withComponents(body("Hello"), body("Again")), "body", "Only one body is allowed"],
  [
    "11 buttons",
    withComponents(body("Hello"), buttons(...Array.from({ length: 11 }, (_, i) => qr(`Option ${i}`)))),
    "buttons",
    "At most 10 buttons (now 11)",
  ],
  [
    "3 URL buttons",
    withComponents(body("Hello"), buttons(url("A"), url("B"), url("C"))),
    "buttons",
    "At most 2 URL buttons",
  ],
  [
    "2 phone buttons",
    withComponents(body("Hello"), buttons(phone("A"), phone("B"))),
    "buttons",
    "At most 1 phone number button",
  ],
  [
    "quick replies interleaved",
    withComponents(body("Hello"), buttons(qr("A"), url("B"), qr("C"))),
    "buttons",
    "Quick reply buttons must be grouped together, not mixed between URL and phone buttons",
  ],
  [
    "button text over 25",
    withComponents(body("Hello"), buttons(qr(long(26)))),
    "buttons.0.text",
    "Button text may be at most 25 characters (now 26)",
  ],
  ["empty button text", withComponents(body("Hello"), buttons(qr(""))), "buttons.0.text", "Button text is required"],
  [
    "URL button without an address",
    withComponents(body("Hello"), buttons({ type: "URL", text: "Go", url: "example" })),
    "buttons.0.url",
    "Give a full web address starting with https://",
  ],
  [
    "URL button variable not at the end",
    withComponents(
      body("Hello"),
      buttons({ type: "URL", text: "Go", url: "https://s.in/{{1}}/x", example: ["https://s.in/a/x"] }),
    ),
    "buttons.0.url",
    "A URL button may have one variable, {{1}}, at the end of the address",
  ],
  [
    "URL button variable without an example",
    withComponents(body("Hello"), buttons({ type: "URL", text: "Track", url: "https://s.in/l/{{1}}" })),
    "buttons.0.example",
    "Give an example of the full address: the address before {{1}}, then a sample suffix",
  ],
  [
    "phone button with a local number",
    withComponents(body("Hello"), buttons({ type: "PHONE_NUMBER", text: "Call", phone_number: "98765" })),
    "buttons.0.phone_number",
    "Give the phone number in international format, e.g. +919876543210",
  ],
];
