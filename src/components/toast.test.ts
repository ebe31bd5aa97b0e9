import { describe, expect, it } from "vitest";
import { TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from "../../contract";
import { TOAST_CONFIG } from "./toast";

describe("toast configuration (SPEC 9)", () => {
  it("lasts 4 s, shows at most 3, bottom right", () => {
    expect(TOAST_CONFIG).toMatchObject({ duration: TOAST_DURATION_MS / 1000, maxCount: TOAST_MAX_VISIBLE, placement: "bottomRight" });
    expect(TOAST_CONFIG.duration).toBe(4);
    expect(TOAST_CONFIG.maxCount).toBe(3);
  });
});
