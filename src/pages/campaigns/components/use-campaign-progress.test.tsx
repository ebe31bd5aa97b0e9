import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PROGRESS_EVENT, type ProgressUpdate } from "../../../../contract/domain/campaigns";
import { publishRealtime } from "../../../providers/realtime-events";
import { useCampaignProgress } from "./use-campaign-progress";

const push = (campaignId: string, percent: number, at = new Date().toISOString()): ProgressUpdate => ({
  campaignId,
  channel: "whatsapp",
  status: "running",
  statusReason: null,
  total: 100,
  percent,
  spent: 0,
  failoverSpent: 0,
  at,
  counts: {
    queued: 0,
    sending: 0,
    sent: percent,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    unknown: 0,
    skipped: 0,
    failedOver: 0,
  },
});

describe("useCampaignProgress", () => {
  it("keeps the pushes of the asked campaigns, keyed by id, and stops listening when unmounted", () => {
    const { result, rerender, unmount } = renderHook(({ ids }: { ids?: string[] }) => useCampaignProgress(ids), {
      initialProps: { ids: ["a", "b"] },
    });
    act(() => {
      publishRealtime(PROGRESS_EVENT, push("a", 10, "2026-11-23T10:00:01.000Z"));
      publishRealtime(PROGRESS_EVENT, push("z", 50));
      publishRealtime(PROGRESS_EVENT, { campaignId: "b" });
      publishRealtime(PROGRESS_EVENT, push("a", 30, "2026-11-23T10:00:02.000Z"));
    });
    expect(Object.keys(result.current)).toEqual(["a"]);
    expect(result.current.a.percent).toBe(30);
    rerender({ ids: ["b", "a"] });
    act(() => publishRealtime(PROGRESS_EVENT, push("b", 5)));
    expect(Object.keys(result.current).sort()).toEqual(["a", "b"]);
    unmount();
    // No listener is left behind to update an unmounted page.
    expect(() => publishRealtime(PROGRESS_EVENT, push("a", 90))).not.toThrow();
  });

  it("without ids, every campaign's push is kept", () => {
    const { result } = renderHook(() => useCampaignProgress());
    act(() => {
      publishRealtime(PROGRESS_EVENT, push("x", 1));
      publishRealtime(PROGRESS_EVENT, push("y", 2));
      publishRealtime("somethingElse", push("w", 3));
    });
    expect(Object.keys(result.current).sort()).toEqual(["x", "y"]);
  });
});
