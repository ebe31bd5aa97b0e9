// The shape of the login slow-down (config.ts sets it, services/accounts/login-throttle.ts applies it), below both.

/** After a few free failures each further one doubles the wait before the account's next attempt is checked. */
export interface LoginDelayRule {
  /** Failures within the window that cost nothing (typos). */
  freeFailures: number;
  /** Wait before the next attempt is checked after the first failure past the free ones; doubles per failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}
