import { describe, expect, it } from "vitest";
import type { ContactValues } from "./audience/contact-values";
import { testParams } from "./test-params";

const ASHA: ContactValues = { name: "Asha", email: "", language: "hi", tier: "gold", vip: true };

describe("testParams", () => {
  it.each<[string[], ContactValues | undefined, string[], string[]]>([
    [["Friend"], undefined, ["Friend"], []],
    [["{{name}}"], undefined, ["[name]"], ["name"]],
    // Not a contact: a contact field's fallback, a column's bracket.
    [["Dear {{contact.name|Customer}} of {{city|x}}"], undefined, ["Dear Customer of [city]"], ["city"]],
    [["Dear {{contact.name}}"], undefined, ["Dear [contact.name]"], ["contact.name"]],
    [["{{a}}", "{{a}} {{contact.tier}}"], undefined, ["[a]", "[a] [contact.tier]"], ["a", "contact.tier"]],
    // A contact: its values, booleans as Yes/No; an empty field falls back, or shows its bracket.
    [["Dear {{contact.name|Customer}} ({{contact.tier}}, {{contact.vip}})"], ASHA, ["Dear Asha (gold, Yes)"], []],
    [["{{contact.email|no mail}} / {{contact.email}}"], ASHA, ["no mail / [contact.email]"], ["contact.email"]],
    [["{{contact.visits|0}} visits in {{city}}"], ASHA, ["0 visits in [city]"], ["city"]],
  ])("%j with %j", (variables, contact, params, columns) => {
    expect(testParams(variables, contact)).toEqual({ params, columns });
  });
});
