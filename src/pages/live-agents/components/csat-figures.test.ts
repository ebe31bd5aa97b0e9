import { describe, expect, it } from "vitest";
import { csatFigure } from "./metrics-drawer";

describe("CSAT as the monitor says it", () => {
  it.each([
    [null, 0, "—"],
    [4, 1, "4.0 of 5 (1 rating)"],
    [4.3, 12, "4.3 of 5 (12 ratings)"],
  ] as const)("mean %s of %i answers reads %j", (average, responses, text) => {
    expect(csatFigure(average, responses)).toBe(text);
  });
});
