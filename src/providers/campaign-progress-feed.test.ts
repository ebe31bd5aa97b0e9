import { describe, expect, it, vi } from "vitest";
import type { ProgressUpdate } from "../../contract/domain/campaigns";
import { publishProgress, subscribeProgress } from "./campaign-progress-feed";

const update = { campaignId: "c1", status: "running" } as ProgressUpdate;

describe("campaign progress feed", () => {
  it("hands each push to every listener until it unsubscribes", () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = subscribeProgress(a);
    const offB = subscribeProgress(b);
    publishProgress(update);
    offA();
    publishProgress(update);
    offB();
    publishProgress(update);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledWith(update);
  });
});
