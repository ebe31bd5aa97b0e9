import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LINK_CODE, LINK_CODE_LENGTH } from "../../../contract/domain/links";
import { linkCode, linkKeyOf, readLinkCode } from "./code";

const key = linkKeyOf("test-secret");

describe("link codes", () => {
  it.each([
    [1, 0],
    [2, 1],
    [123_456_789, 5],
    [2 ** 46 - 1, 61],
  ])("recipient %i, position %i: a fixed-length code that reads back", (id, position) => {
    const code = linkCode(key, id, position);
    expect(code).toHaveLength(LINK_CODE_LENGTH);
    expect(code).toMatch(LINK_CODE);
    expect(readLinkCode(key, code)).toEqual({ recipientId: id, position });
  });

  it("neighbouring ids give unrelated codes (no sequence to walk)", () => {
    const a = linkCode(key, 1000, 0).slice(0, 8);
    const b = linkCode(key, 1001, 0).slice(0, 8);
    const shared = [...a].filter((c, i) => b[i] === c).length;
    expect(shared).toBeLessThan(4);
  });

  it("a code with any character changed, another key's code, or junk is refused", () => {
    const code = linkCode(key, 424242, 2);
    for (let i = 0; i < code.length; i++) {
      const c = code[i] === "a" ? "b" : "a";
      expect(readLinkCode(key, code.slice(0, i) + c + code.slice(i + 1))).toBeNull();
    }
    expect(readLinkCode(linkKeyOf("another secret"), code)).toBeNull();
    for (const junk of ["", "short", "x".repeat(13), "abc!efghijkl", "zzzzzzzzzzzz"])
      expect(readLinkCode(key, junk)).toBeNull();
  });

  it("random codes are refused (about one in 238,328 could pass the check, never one that names nothing)", () => {
    let passed = 0;
    for (let i = 0; i < 20_000; i++) {
      const code = [...randomBytes(LINK_CODE_LENGTH)]
        .map((b) => "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[b % 62])
        .join("");
      if (readLinkCode(key, code)) passed++;
    }
    expect(passed).toBeLessThanOrEqual(2);
  });

  it("ids and positions out of range are refused when making a code", () => {
    expect(() => linkCode(key, -1, 0)).toThrow(RangeError);
    expect(() => linkCode(key, 2 ** 46, 0)).toThrow(RangeError);
    expect(() => linkCode(key, 1, 62)).toThrow(RangeError);
  });
});
