import { describe, expect, it } from "vitest";
import { parseExactJson, quoteLongIntegers } from "./exact-json";

describe("reading Meta's JSON with long integers exact", () => {
  it("keeps an id past 2^53 digit for digit, as a string", () => {
    const text = '{"entry":[{"changes":[{"value":{"message_template_id":9876543210987654321,"event":"APPROVED"}}]}]}';
    // What JSON.parse alone makes of it: another id.
    expect(String(JSON.parse(text).entry[0].changes[0].value.message_template_id)).not.toBe("9876543210987654321");
    expect(parseExactJson(text)).toEqual({
      entry: [{ changes: [{ value: { message_template_id: "9876543210987654321", event: "APPROVED" } }] }],
    });
  });

  it("leaves shorter integers, fractions, exponents, negatives and every string alone", () => {
    const text =
      '{"a":123456789012345,"b":-1.5e3,"c":12345678901234567.5,"d":[1,2],"e":"call 12345678901234567, \\"99999999999999999\\"","f":-12345678901234567}';
    expect(parseExactJson(text)).toEqual({
      a: 123456789012345,
      b: -1500,
      c: Number("12345678901234567.5"),
      d: [1, 2],
      e: 'call 12345678901234567, "99999999999999999"',
      f: "-12345678901234567",
    });
  });

  it("changes nothing in text without long integers, whitespace included", () => {
    const text = '{ "x" : [ 1 , 2 ] ,\n "y" : "\\\\" }';
    expect(quoteLongIntegers(text)).toBe(text);
  });
});
