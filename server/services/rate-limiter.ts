import type { RateLimitRule } from "../config";

/**
 * Sliding-window counter per key, in process memory. Enough for one server process; several processes behind
 * a balancer would each keep their own window (documented in the README).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly rule: RateLimitRule) {}

  /** Seconds until the key may try again, or 0 when it is within its allowance. Does not count. */
  retryAfter(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.rule.max) return 0;
    return Math.max(1, Math.ceil((recent[0] + this.rule.windowMs - now) / 1000));
  }

  hit(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const from = now - this.rule.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > from);
  }
}
