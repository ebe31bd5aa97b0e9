import { describe, expect, it } from "vitest";
import { fuzzyFilter, fuzzyScore, slashQuery } from "./fuzzy";

const ITEMS = [
  { code: "order-free", title: "Free delivery on orders" },
  { code: "refund", title: "Refund policy" },
  { code: "greet", title: "Greeting" },
  { code: "hiring-policy", title: "Jobs" },
  { code: "hi", title: "Short hello" },
];

describe("the composer's fuzzy search", () => {
  const RANKED: [string, string[]][] = [
    ["ref", ["refund", "order-free"]],
    ["hi", ["hi", "hiring-policy"]],
    ["gr", ["greet"]],
    ["rfd", ["refund"]],
    ["policy", ["hiring-policy", "refund"]],
    ["xyz", []],
    ["", ["order-free", "refund", "greet", "hiring-policy", "hi"]],
  ];
  it.each(RANKED)("/%s ranks %j", (query, codes) => {
    expect(fuzzyFilter(ITEMS, query).map((i) => i.code)).toEqual(codes);
  });
  it("letters out of order do not match", () => expect(fuzzyScore("dnuf", "refund")).toBeNull());
});

describe("the /word before the caret", () => {
  const CASES: [string, number | undefined, { query: string; start: number } | null][] = [
    ["/", undefined, { query: "", start: 0 }],
    ["/gre", undefined, { query: "gre", start: 0 }],
    ["Hello /ref", undefined, { query: "ref", start: 6 }],
    ["Hello /ref and more", 10, { query: "ref", start: 6 }],
    ["http://x", undefined, null],
    ["a/b", undefined, null],
    ["/two words", undefined, null],
  ];
  it.each(CASES)("%j at %s", (text, caret, found) => expect(slashQuery(text, caret ?? text.length)).toEqual(found));
});
