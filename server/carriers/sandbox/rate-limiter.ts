// Throttling per sender like the providers do (WhatsApp Cloud API: 80 messages/s per phone number by default):
// a token bucket that holds one second's worth, so a burst up to the limit passes and the steady rate is the limit.

interface Bucket {
  tokens: number;
  at: number;
}

/** Beyond this many senders, buckets idle for a second (full again, so equal to a new one) are dropped. */
const PRUNE_ABOVE = 10_000;

export interface RateLimiter {
  /** Takes one message's token from `key`'s bucket; false when the sender is over `perSecond`. */
  take(key: string, perSecond: number): boolean;
}

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const buckets = new Map<string, Bucket>();
  return {
    take(key, perSecond) {
      const time = now();
      if (buckets.size > PRUNE_ABOVE) {
        for (const [name, bucket] of buckets) if (time - bucket.at >= 1000) buckets.delete(name);
      }
      const bucket = buckets.get(key) ?? { tokens: perSecond, at: time };
      bucket.tokens = Math.min(perSecond, bucket.tokens + ((time - bucket.at) * perSecond) / 1000);
      bucket.at = time;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
