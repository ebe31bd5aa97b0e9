// Write coalescing: items queued in one turn go in one flush; an item whose key is already in the flush waits until
// that flush is written; a failed flush of several is written item by item, so only the bad item fails.
import { describe, expect, it } from "vitest";
import { coalescer } from "./coalesce";

describe("coalescer", () => {
  it("flushes one turn's items together, and a repeated key after the flush that holds it", async () => {
    const flushes: string[][] = [];
    const write = coalescer<{ key: string; value: string }, string>(
      async (items) => {
        flushes.push(items.map((i) => i.value));
        await new Promise((r) => setTimeout(r, 20));
        return items.map((i) => i.value.toUpperCase());
      },
      (i) => i.key,
    );
    const answers = await Promise.all([
      write({ key: "a", value: "a1" }),
      write({ key: "b", value: "b1" }),
      write({ key: "a", value: "a2" }),
      write({ key: "c", value: "c1" }),
      write({ key: "a", value: "a3" }),
    ]);
    expect(answers).toEqual(["A1", "B1", "A2", "C1", "A3"]);
    expect(flushes).toEqual([["a1", "b1", "c1"], ["a2"], ["a3"]]);
  });

  it("writes a failed flush item by item: only the bad item fails", async () => {
    const flushes: number[][] = [];
    const write = coalescer<number, number>(async (items) => {
      flushes.push(items);
      if (items.includes(2)) throw new Error("bad item");
      return items.map((n) => n * 10);
    }, String);
    const settled = await Promise.allSettled([write(1), write(2), write(3)]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([
      10,
      "bad item",
      30,
    ]);
    expect(flushes).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
