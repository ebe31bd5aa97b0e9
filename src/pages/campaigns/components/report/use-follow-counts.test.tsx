import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useFollowCounts } from "./use-follow-counts";

describe("useFollowCounts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refetches once the signature has held still for the settle time, and not for the one it started with", () => {
    const refetch = vi.fn();
    const { rerender } = renderHook(({ s }) => useFollowCounts(s, refetch, 2000), { initialProps: { s: "a" } });
    vi.advanceTimersByTime(5000);
    expect(refetch).not.toHaveBeenCalled();
    rerender({ s: "b" });
    vi.advanceTimersByTime(1500);
    rerender({ s: "c" });
    vi.advanceTimersByTime(1999);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender({ s: "c" });
    vi.advanceTimersByTime(5000);
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
