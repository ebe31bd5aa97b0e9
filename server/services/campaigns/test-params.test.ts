import { describe, expect, it } from "vitest";
import { testParams } from "./test-params";

describe("testParams", () => {
  it.each<[string[], string[], string[]]>([
    [["Friend"], ["Friend"], []],
    [["{{name}}"], ["[name]"], ["name"]],
    [["Dear {{contact.name|Customer}} of {{city|x}}"], ["Dear [contact.name] of [city]"], ["contact.name", "city"]],
    [
      ["{{a}}", "{{a}} {{contact.tier}}"],
      ["[a]", "[a] [contact.tier]"],
      ["a", "contact.tier"],
    ],
  ])("%j", (variables, params, columns) => {
    expect(testParams(variables)).toEqual({ params, columns });
  });
});
