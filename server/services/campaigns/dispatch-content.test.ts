import { describe, expect, it } from "vitest";
import { DEFAULT_RATES, DEFAULT_RATES_PAISE } from "../../../contract/domain/charging";
import { contentFor, costOf, paramsFor, type CampaignTemplate } from "./dispatch-content";

const wa: CampaignTemplate = { channel: "whatsapp", name: "order_update", language: "en_US", category: "UTILITY" };
const sms: CampaignTemplate = { channel: "sms", body: "Dear {#var#}, order {#var#} shipped. - ACME" };
const rcs: CampaignTemplate = {
  channel: "rcs",
  draft: { textMessageContent: "Hi {{1}}, {{2}} off", suggestions: [{ text: "Shop {{1}}" }], height: 3 },
};

describe("dispatch content", () => {
  it.each([
    ["fixed values", ["A", "B"], null, ["A", "B"]],
    ["a column slot takes the row's value", ["A", "{{city}}"], ["x", "Pune"], ["A", "Pune"]],
    ["a column slot with no row value is empty", ["{{name}}"], null, [""]],
    ["row values beyond the campaign's list", [], ["Asha", "42"], ["Asha", "42"]],
  ])("paramsFor: %s", (_, campaign, row, expected) => {
    expect(paramsFor(campaign, row)).toEqual(expected);
  });

  it.each([
    [
      "WhatsApp: the template by name and language",
      wa,
      ["Asha"],
      { kind: "template", templateName: "order_update", language: "en_US", params: ["Asha"] },
    ],
    [
      "WhatsApp: a text header's variable takes the template's example (Meta requires it with the send)",
      {
        ...wa,
        components: [
          { type: "HEADER", format: "TEXT", text: "Order {{1}}", example: { header_text: ["#1042"] } },
          { type: "BODY", text: "Hi {{1}}" },
        ],
      } as CampaignTemplate,
      ["Asha"],
      {
        kind: "template",
        templateName: "order_update",
        language: "en_US",
        params: ["Asha"],
        header: { format: "text", params: ["#1042"] },
      },
    ],
    [
      "WhatsApp: an image header's prepared media goes with the send",
      {
        ...wa,
        components: [
          { type: "HEADER", format: "IMAGE" },
          { type: "BODY", text: "Hi {{1}}" },
        ],
        headerMedia: { format: "image", mediaId: "m-1" },
      } as CampaignTemplate,
      ["Asha"],
      {
        kind: "template",
        templateName: "order_update",
        language: "en_US",
        params: ["Asha"],
        header: { format: "image", mediaId: "m-1" },
      },
    ],
    [
      "SMS: the DLT body with {#var#} filled in order",
      sms,
      ["Asha", "42"],
      { kind: "text", text: "Dear Asha, order 42 shipped. - ACME" },
    ],
    [
      "SMS: a missing value leaves the slot empty",
      sms,
      ["Asha"],
      { kind: "text", text: "Dear Asha, order  shipped. - ACME" },
    ],
    [
      "RCS: the draft with {{n}} filled everywhere",
      rcs,
      ["Asha", "20%"],
      {
        kind: "rcs",
        draft: { textMessageContent: "Hi Asha, 20% off", suggestions: [{ text: "Shop Asha" }], height: 3 },
      },
    ],
  ])("contentFor %s", (_, template, params, expected) => {
    expect(contentFor(template, params)).toEqual(expected);
  });

  it.each([
    ["WhatsApp utility", wa, ["x"], DEFAULT_RATES_PAISE.whatsapp_utility],
    [
      "WhatsApp marketing",
      { ...wa, category: "MARKETING" } as CampaignTemplate,
      ["x"],
      DEFAULT_RATES_PAISE.whatsapp_marketing,
    ],
    ["RCS flat", rcs, ["x"], DEFAULT_RATES_PAISE.rcs],
    ["SMS of one part", sms, ["Asha", "1"], DEFAULT_RATES_PAISE.sms],
    ["SMS of two parts (a long value)", sms, ["A".repeat(150), "1"], 2 * DEFAULT_RATES_PAISE.sms],
  ])("costOf %s", (_, template, params, paise) => {
    expect(costOf(template, contentFor(template, params), { ...DEFAULT_RATES })).toBe(paise);
  });
});
