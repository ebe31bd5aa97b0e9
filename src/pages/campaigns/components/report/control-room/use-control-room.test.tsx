import { render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ProgressUpdate } from "../../../../../../contract/domain/campaigns";
import { publishProgress } from "../../../../../providers/campaign-progress-feed";
import { LIVE_REFRESH_MS } from "../../../../../providers/live-provider";
import { useRefetchOnProgress } from "./use-control-room";

const ID = "11111111-1111-4111-8111-111111111111";
const push = (campaignId = ID): ProgressUpdate =>
  ({ campaignId, status: "running", at: new Date().toISOString() }) as unknown as ProgressUpdate;

let refetches = 0;
function Probe({ enabled }: { enabled: boolean }) {
  useRefetchOnProgress(ID, enabled, () => (refetches += 1));
  return null;
}

beforeEach(() => {
  refetches = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useRefetchOnProgress", () => {
  it("refetches on the first push at once, the rest of a burst once after 2 s, and not for other campaigns", () => {
    render(<Probe enabled />);
    publishProgress(push());
    expect(refetches).toBe(1);
    publishProgress(push());
    publishProgress(push());
    publishProgress(push("another"));
    expect(refetches).toBe(1);
    vi.advanceTimersByTime(LIVE_REFRESH_MS - 1);
    expect(refetches).toBe(1);
    vi.advanceTimersByTime(1);
    expect(refetches).toBe(2);
    // Quiet: nothing more. Another campaign's pushes alone never refetch.
    vi.advanceTimersByTime(10 * LIVE_REFRESH_MS);
    publishProgress(push("another"));
    expect(refetches).toBe(2);
    // A push after the quiet is read at once again.
    publishProgress(push());
    expect(refetches).toBe(3);
  });

  it("does not listen once the campaign has ended (disabled), and stops when unmounted", () => {
    const { rerender, unmount } = render(<Probe enabled={false} />);
    publishProgress(push());
    expect(refetches).toBe(0);
    rerender(<Probe enabled />);
    publishProgress(push());
    publishProgress(push());
    unmount();
    vi.advanceTimersByTime(LIVE_REFRESH_MS * 2);
    expect(refetches).toBe(1);
  });
});
