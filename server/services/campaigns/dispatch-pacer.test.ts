import { describe, expect, it } from "vitest";
import { createPacer } from "./dispatch-pacer";

/** A pacer on a clock the test moves, so waits are counted rather than slept (acquire sleeps only when it must). */
function clocked() {
  let time = 1_000_000;
  const pacer = createPacer(() => time);
  return { pacer, advance: (ms: number) => (time += ms), at: () => time };
}

describe("dispatch pacer: at most perSecond sends in any second", () => {
  it("lets a full second's allowance out at once, and not one more within that second", async () => {
    const { pacer, advance } = clocked();
    for (let i = 0; i < 100; i++) await pacer.acquire("sms:HDR", 100);
    expect(pacer.room("sms:HDR", 100, 500)).toBe(0);
    advance(999);
    expect(pacer.room("sms:HDR", 100, 0)).toBe(0);
    advance(1);
    // A second after the burst the whole allowance is back, never two seconds' worth (a full bucket plus its refill).
    expect(pacer.room("sms:HDR", 100, 1000)).toBe(100);
  });

  it("counts a steady stream in a sliding window: any 1,000 ms holds at most the rate", async () => {
    const { pacer, advance, at } = clocked();
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      // Each acquire that would have to wait is given the time it asks for.
      while (pacer.room("wa:1", 80, 0) === 0) advance(1);
      await pacer.acquire("wa:1", 80);
      times.push(at());
      advance(3);
    }
    for (const start of times)
      expect(times.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(80);
  });

  it("a rate refusal stops the sender for a second; other senders go on", async () => {
    const { pacer, advance } = clocked();
    await pacer.acquire("sms:A", 10);
    pacer.backOff("sms:A", 10);
    expect(pacer.room("sms:A", 10, 1000)).toBe(0);
    expect(pacer.room("sms:B", 10, 1000)).toBe(10);
    advance(1000);
    expect(pacer.room("sms:A", 10, 1000)).toBe(10);
  });

  it("waits out the window instead of refusing", async () => {
    let time = 0;
    const pacer = createPacer(() => time);
    await pacer.acquire("k", 1);
    const second = pacer.acquire("k", 1);
    let done = false;
    void second.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toBe(false);
    time = 1000;
    await second;
    expect(done).toBe(true);
  });

  it("gives up a wait when its signal aborts (a paused campaign), taking no place in the window", async () => {
    const pacer = createPacer(() => 5000);
    expect(await pacer.acquire("k", 1)).toBe(true);
    const stop = new AbortController();
    const waiting = pacer.acquire("k", 1, stop.signal);
    await new Promise((resolve) => setTimeout(resolve, 5));
    stop.abort();
    // Answered at once, not after the second the window asks for.
    expect(await waiting).toBe(false);
    expect(await pacer.acquire("k", 1, stop.signal)).toBe(false);
    // One send in the window: at two a second there is room for one more now.
    expect(pacer.room("k", 2, 0)).toBe(1);
  });
});
