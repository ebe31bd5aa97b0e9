// A WhatsApp template's dynamic URL button in a tracked campaign (issue 41): a button whose base is the short-link
// route (origin + /l/) is sent the recipient's code as its suffix, so it opens their own short link; a button on
// another site keeps its suffix as given; the body's values come first.
import { describe, expect, it } from "vitest";
import { suffixPositions } from "../../../contract/domain/whatsapp-url-buttons";
import type { WaComponent } from "../../../contract/domain/whatsapp-template";
import { whatsappTemplateContent } from "../campaigns/dispatch-content";
import { linkKeyOf, readLinkCode } from "./code";
import { recipientValues, sentValues } from "./tracked";

const ORIGIN = "https://s.in";
const key = linkKeyOf("test-secret");
const LONG = "https://shop.example.in/orders/1042?token=abc";
const components: WaComponent[] = [
  { type: "BODY", text: "Hi {{1}}, your order ships today.", example: { body_text: [["Asha"]] } },
  {
    type: "BUTTONS",
    buttons: [
      { type: "URL", text: "Track", url: `${ORIGIN}/l/{{1}}`, example: [`${ORIGIN}/l/Ab3dE6gH9jK1`] },
      { type: "QUICK_REPLY", text: "Stop" },
      { type: "URL", text: "Shop", url: "https://shop.example.in/{{1}}", example: ["https://shop.example.in/x"] },
    ],
  },
];
const template = { channel: "whatsapp" as const, name: "order_ready", language: "en", category: "UTILITY", components };
const variables = ["{{name}}", "{{link}}", "{{page}}"];
const recipient = { id: 424242, variables: ["Asha", LONG, "https://shop.example.in/sale"] };

describe("a dynamic URL button in a tracked WhatsApp campaign", () => {
  it.each([
    [ORIGIN, { code: [1], keep: [2] }],
    ["https://other.in", { code: [], keep: [1, 2] }],
  ])("with short links on %s, the suffixes sent as codes and as given", (origin, expected) => {
    expect(suffixPositions(components, 1, origin)).toEqual(expected);
  });

  it("the short-link button is sent the recipient's code, the other site's button its own value", () => {
    const values = recipientValues(variables, recipient, { origin: ORIGIN, key, codeOnly: [1], keep: [2] });
    const content = whatsappTemplateContent(template, values);
    expect(content).toMatchObject({ kind: "template", params: ["Asha"] });
    const buttons = content.kind === "template" ? content.buttons : undefined;
    expect(buttons?.map((b) => [b.index, b.subType])).toEqual([
      [0, "url"],
      [2, "url"],
    ]);
    expect(buttons?.[1]?.value).toBe("https://shop.example.in/sale");
    // The code names the recipient and the value's position: GET /l/<code> opens their long URL.
    expect(readLinkCode(key, buttons?.[0]?.value ?? "")).toEqual({ recipientId: 424242, position: 1 });
    // What was sent, as the screens show it: the button's short link, and where it goes.
    const sent = sentValues(variables, recipient, { origin: ORIGIN, key, codeOnly: [1], keep: [2] });
    expect(sent.links).toEqual([{ short: `${ORIGIN}/l/${buttons?.[0]?.value}`, url: LONG }]);
  });

  it("untracked, every suffix goes as given; without dynamic buttons every value is the body's", () => {
    const content = whatsappTemplateContent(template, recipientValues(variables, recipient, undefined));
    expect(content.kind === "template" && content.buttons?.map((b) => b.value)).toEqual([
      LONG,
      "https://shop.example.in/sale",
    ]);
    const plain = whatsappTemplateContent({ ...template, components: [components[0]] }, ["Asha"]);
    expect(plain).toMatchObject({ params: ["Asha"] });
    expect(plain.kind === "template" && plain.buttons).toBeUndefined();
  });
});
