// Per-sender pacing inside one process: a token bucket per channel and sender (WhatsApp Cloud API allows 80 messages
// a second per phone number by default). Across processes nobody shares these buckets: there the provider's own
// throttling refusals (130429 and the like, retryable) push back, and the dispatcher re-queues and slows down.

interface Bucket {
  tokens: number;
  at: number;
}

export interface Pacer {
  /** Waits until `key` may send one more message at `perSecond`. */
  acquire(key: string, perSecond: number): Promise<void>;
  /** How many messages `key` could send within `ms` from now. */
  room(key: string, perSecond: number, ms: number): number;
  /** The provider refused for rate: nothing more from `key` for a second. */
  backOff(key: string, perSecond: number): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPacer(now: () => number = Date.now): Pacer {
  const buckets = new Map<string, Bucket>();
  const refill = (key: string, perSecond: number): Bucket => {
    const time = now();
    const bucket = buckets.get(key) ?? { tokens: perSecond, at: time };
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((time - bucket.at) * perSecond) / 1000);
    bucket.at = time;
    buckets.set(key, bucket);
    return bucket;
  };
  return {
    async acquire(key, perSecond) {
      for (;;) {
        const bucket = refill(key, perSecond);
        if (bucket.tokens >= 1) {
          bucket.tokens -= 1;
          return;
        }
        await sleep(Math.max(1, Math.ceil(((1 - bucket.tokens) * 1000) / perSecond)));
      }
    },
    room(key, perSecond, ms) {
      return Math.max(0, Math.floor(refill(key, perSecond).tokens + (perSecond * ms) / 1000));
    },
    backOff(key, perSecond) {
      refill(key, perSecond).tokens = -perSecond;
    },
  };
}
