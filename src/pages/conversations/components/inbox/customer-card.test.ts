import { describe, expect, it } from "vitest";
import { attributeText, consentLine } from "./customer-card";
import { timelineWhat } from "./timeline-section";

describe("the customer card in words", () => {
  it.each([
    [{ type: "boolean", value: true }, "Yes"],
    [{ type: "boolean", value: false }, "No"],
    [{ type: "number", value: 1234567 }, "12,34,567"],
    [{ type: "text", value: "Gold" }, "Gold"],
    [{ type: "choice", value: "North" }, "North"],
  ] as const)("%j reads %j", (attribute, text) => {
    expect(attributeText(attribute)).toBe(text);
  });

  it.each([
    [
      { channel: "sms", purpose: "any", method: "keyword", actor: null },
      "SMS, all messages",
      /^Keyword reply · .+2030/,
    ],
    [
      { channel: "whatsapp", purpose: "marketing", method: "agent", actor: "Meera" },
      "WhatsApp, marketing",
      /^Agent · .+ · Meera$/,
    ],
  ] as const)("%j is %j", (state, what, detail) => {
    const line = consentLine({
      ...state,
      id: 1,
      number: "+919900000001",
      status: "opted_out",
      proof: "",
      createdAt: "2030-06-01T10:00:00.000Z",
    });
    expect(line.what).toBe(what);
    expect(line.detail).toMatch(detail);
  });
});

describe("timeline lines", () => {
  it.each([
    [{ kind: "campaign", direction: "out", campaignName: "Diwali" }, "Campaign · Diwali"],
    [{ kind: "api", direction: "out", campaignName: null }, "API message"],
    [{ kind: "chat", direction: "in", campaignName: null }, "Customer wrote"],
    [{ kind: "chat", direction: "out", campaignName: null }, "Reply sent"],
    [{ kind: "chat", direction: "note", campaignName: null }, "Private note"],
  ] as const)("%j reads %j", (item, text) => {
    expect(timelineWhat(item)).toBe(text);
  });
});
