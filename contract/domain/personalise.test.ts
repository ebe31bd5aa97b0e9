import { describe, expect, it } from "vitest";
import {
  PERSONALISE_MESSAGES,
  contactValueText,
  parseRef,
  parseVariable,
  renderPieces,
  variableRefs,
  type VariableRef,
} from "./personalise";

const col = (key: string, fallback: string | null = null): VariableRef => ({ source: "column", key, fallback });
const con = (key: string, fallback: string | null = null): VariableRef => ({ source: "contact", key, fallback });

describe("parseRef", () => {
  it.each([
    ["city", col("city")],
    [" First Name ", col("First Name")],
    ["city|your city", col("city", "your city")],
    ["city|", col("city", "")],
    ["contact.name", con("name")],
    ["Contact.Name | Customer ", con("name", "Customer")],
    ["contact.tier|a|b", con("tier", "a|b")],
    ["contact.email|", con("email", "")],
  ])("%j", (inner, expected) => {
    expect(parseRef(inner)).toEqual(expected);
  });
});

describe("parseVariable", () => {
  it.each<[string, unknown[]]>([
    ["Hello", ["Hello"]],
    ["{{name}}", [col("name")]],
    [
      "Dear {{contact.name|Customer}}, from {{ city }}!",
      ["Dear ", con("name", "Customer"), ", from ", col("city"), "!"],
    ],
    ["{{a}}{{contact.b}}", [col("a"), con("b")]],
    ["{not a ref}", ["{not a ref}"]],
    ["", []],
  ])("%j", (value, expected) => {
    expect(parseVariable(value)).toEqual(expected);
  });
});

describe("variableRefs", () => {
  const values = ["{{city}} {{contact.name}}", "{{contact.name|x}} {{contact.tier}}", "{{City|y}}"];
  it("lists each source's keys once", () => {
    expect(variableRefs(values, "contact")).toEqual(["name", "tier"]);
    expect(variableRefs(values, "column")).toEqual(["city", "City"]);
  });
});

describe("renderPieces", () => {
  const values: Record<string, string> = { "column:city": "Pune", "contact:name": "Asha", "contact:email": "  " };
  const valueOf = (r: VariableRef) => values[`${r.source}:${r.key}`];
  it.each<[string, ReturnType<typeof renderPieces>]>([
    ["Hi {{contact.name}} in {{city}}", { ok: true, text: "Hi Asha in Pune" }],
    ["{{contact.email|no email}}", { ok: true, text: "no email" }],
    ["{{contact.language|}}x", { ok: true, text: "x" }],
    ["{{contact.language}}", { ok: false, missing: con("language") }],
    ["{{contact.email}}", { ok: false, missing: con("email") }],
    ["{{town}}!", { ok: true, text: "!" }],
    ["{{town|your town}}", { ok: true, text: "your town" }],
  ])("%j", (value, expected) => {
    expect(renderPieces(parseVariable(value), valueOf)).toEqual(expected);
  });

  it("names the missing reference", () => {
    expect(PERSONALISE_MESSAGES.noValue(con("tier"))).toBe("No value for {{contact.tier}}");
    expect(PERSONALISE_MESSAGES.unknownContactKey("tier")).toContain("{{contact.tier}}");
  });
});

describe("contactValueText", () => {
  it.each<[Parameters<typeof contactValueText>[0], string | undefined]>([
    [true, "Yes"],
    [false, "No"],
    [42, "42"],
    ["2026-01-02", "2026-01-02"],
    [undefined, undefined],
  ])("%j → %j", (value, expected) => {
    expect(contactValueText(value)).toBe(expected);
  });
});
