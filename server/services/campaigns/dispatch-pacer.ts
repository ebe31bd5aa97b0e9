// Per-sender pacing inside one process: at most `perSecond` sends per channel and sender in any second (WhatsApp
// Cloud API allows 80 messages a second per phone number by default; an SMSC's contract sets its per-bind rate).
// A sliding window rather than a token bucket: a bucket that starts full lets a sender put its whole allowance out at
// once and then its refill within the same second, up to twice the rate, and an SMSC counting per second answers that
// with ESME_RTHROTTLED (the carriers bench saw 27 such refusals in a 2,000-message SMPP run). Across processes nobody
// shares these windows: there the provider's own throttling refusals (130429 and the like, retryable) push back, and
// the dispatcher re-queues and slows down.

const WINDOW_MS = 1000;

interface Window {
  /** The times of the sends of the last second, oldest first, from `head` on (older ones are dropped in bulk). */
  sent: number[];
  head: number;
  /** After a rate refusal: nothing before this time. */
  blockedUntil: number;
}

export interface Pacer {
  /**
   * Waits until `key` may send one more message at `perSecond`: true; or false once `signal` aborts (nothing taken).
   */
  acquire(key: string, perSecond: number, signal?: AbortSignal): Promise<boolean>;
  /** How many messages `key` could send within `ms` from now. */
  room(key: string, perSecond: number, ms: number): number;
  /** The provider refused for rate: nothing more from `key` for a second. */
  backOff(key: string, perSecond: number): void;
}

/** A rate below one a second still lets one message a second through. */
const limitOf = (perSecond: number): number => Math.max(1, Math.floor(perSecond));

/** Waits `ms`, or less when `signal` aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

export function createPacer(now: () => number = Date.now): Pacer {
  const windows = new Map<string, Window>();
  /** The key's window with the sends older than a second dropped. */
  const windowOf = (key: string, at: number): Window => {
    const window = windows.get(key) ?? { sent: [], head: 0, blockedUntil: 0 };
    windows.set(key, window);
    while (window.head < window.sent.length && window.sent[window.head]! <= at - WINDOW_MS) window.head++;
    // Compacted now and then rather than shifted on every send: at thousands a second a shift per send adds up.
    if (window.head > 1024 && window.head * 2 > window.sent.length) {
      window.sent.splice(0, window.head);
      window.head = 0;
    }
    return window;
  };
  /** How long `key` must wait before its next send (0: now). */
  const waitFor = (window: Window, perSecond: number, at: number): number => {
    const limit = limitOf(perSecond);
    const blocked = window.blockedUntil - at;
    const full =
      window.sent.length - window.head >= limit ? window.sent[window.sent.length - limit]! + WINDOW_MS - at : 0;
    return Math.max(0, blocked, full);
  };
  return {
    async acquire(key, perSecond, signal) {
      for (;;) {
        if (signal?.aborted) return false;
        const at = now();
        const window = windowOf(key, at);
        const wait = waitFor(window, perSecond, at);
        if (wait <= 0) {
          window.sent.push(at);
          return true;
        }
        await sleep(Math.max(1, Math.ceil(wait)), signal);
      }
    },
    room(key, perSecond, ms) {
      const at = now();
      const window = windowOf(key, at);
      if (window.blockedUntil >= at + ms) return 0;
      // The sends of the last second that still count when the span ends take their places in it.
      let stillCounted = 0;
      for (let i = window.sent.length - 1; i >= window.head && window.sent[i]! > at + ms - WINDOW_MS; i--)
        stillCounted++;
      return Math.max(0, limitOf(perSecond) * Math.max(1, Math.ceil(ms / WINDOW_MS)) - stillCounted);
    },
    backOff(key) {
      const at = now();
      windowOf(key, at).blockedUntil = at + WINDOW_MS;
    },
  };
}
