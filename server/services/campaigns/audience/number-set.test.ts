import { describe, expect, it } from "vitest";
import { E164Set } from "./number-set";

describe("E164Set", () => {
  it("answers what a Set of the strings answers, across growth, for sequential and scattered numbers", () => {
    const set = new E164Set();
    const reference = new Set<string>();
    const numbers = [
      ...Array.from({ length: 20_000 }, (_, i) => `+91${9000000000 + i}`),
      ...Array.from({ length: 20_000 }, (_, i) => `+1${2025550000 + ((i * 7919) % 100_000)}`),
      "+999999999999999",
      "+1",
      "+447700900123",
    ];
    for (const n of numbers) {
      expect(set.add(n)).toBe(!reference.has(n));
      reference.add(n);
    }
    expect(set.size).toBe(reference.size);
    for (const n of numbers) expect(set.has(n)).toBe(true);
    expect(set.has("+919100000000")).toBe(false);
    expect(set.has("+12")).toBe(false);
  });

  it("refuses what is not an E.164 number rather than mixing it up with another", () => {
    const set = new E164Set();
    expect(() => set.add("+")).toThrow(/not an E.164/);
    expect(() => set.add("+12a")).toThrow(/not an E.164/);
    expect(() => set.add("+99999999999999999")).toThrow(/not an E.164/);
  });
});
