import { describe, expect, it } from "vitest";
import { HEADER_HEIGHT_PX, TOAST_DURATION_MS, TOAST_MAX_VISIBLE } from "../lib/ui-constants";
import { TOAST_CONFIG } from "./toast";

describe("toast configuration (SPEC 9)", () => {
  it("lasts 4 s, shows at most 3, bottom right", () => {
    expect(TOAST_CONFIG).toMatchObject({
      duration: TOAST_DURATION_MS / 1000,
      maxCount: TOAST_MAX_VISIBLE,
      placement: "bottomRight",
    });
    expect(TOAST_CONFIG.duration).toBe(4);
    expect(TOAST_CONFIG.maxCount).toBe(3);
  });

  it("starts top-right alerts below the header so they never cover its controls", () => {
    expect(TOAST_CONFIG.top).toBeGreaterThan(HEADER_HEIGHT_PX);
  });
});
