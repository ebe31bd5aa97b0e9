import { afterEach, describe, expect, it, vi } from "vitest";
import { LIVE_REFRESH_MS, liveProvider } from "./live-provider";
import { publishRealtime } from "./realtime-events";

describe("live provider over the socket", () => {
  afterEach(() => vi.useRealTimers());

  it("tells a campaigns list about progress at once, then at most once per interval, the last of a burst included", () => {
    vi.useFakeTimers();
    const callback = vi.fn();
    const sub: unknown = liveProvider.subscribe({ channel: "resources/campaigns", types: ["*"], callback });
    publishRealtime("progressUpdate", { campaignId: "a", sent: 1 });
    expect(callback).toHaveBeenCalledTimes(1);
    for (let i = 2; i <= 10; i++) publishRealtime("progressUpdate", { campaignId: "a", sent: i });
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LIVE_REFRESH_MS);
    expect(callback).toHaveBeenCalledTimes(2);
    expect(callback.mock.lastCall?.[0]).toMatchObject({
      channel: "resources/campaigns",
      type: "*",
      payload: { sent: 10 },
    });
    liveProvider.unsubscribe(sub);
    vi.advanceTimersByTime(LIVE_REFRESH_MS);
    publishRealtime("progressUpdate", { campaignId: "a", sent: 11 });
    expect(callback).toHaveBeenCalledTimes(2);
  });

  it("maps template verdicts to the template lists and ignores other resources' events", () => {
    const templates = vi.fn();
    const users = vi.fn();
    const a: unknown = liveProvider.subscribe({
      channel: "resources/whatsapp-templates",
      types: ["*"],
      callback: templates,
    });
    const b: unknown = liveProvider.subscribe({ channel: "resources/users", types: ["*"], callback: users });
    publishRealtime("templateStatus", { id: "t1", status: "APPROVED" });
    publishRealtime("progressUpdate", { campaignId: "a" });
    liveProvider.unsubscribe(a);
    liveProvider.unsubscribe(b);
    expect(templates).toHaveBeenCalledTimes(1);
    expect(users).not.toHaveBeenCalled();
  });
});
