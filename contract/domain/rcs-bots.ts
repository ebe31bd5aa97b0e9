// RCS bots (Google RBM agents): the carriers a bot launches on, its use cases and launch states, and the checks the
// JSON Schema cannot express (those in rcs-bot-checks.ts, which loads the phone library). Server and console both
// use these.

/** Indian carriers a bot is launched on one by one (Google RBM launches per carrier). */
export const RCS_CARRIERS = ["Jio", "Airtel", "Vi", "BSNL"] as const;
export type RcsCarrierName = (typeof RCS_CARRIERS)[number];

export const RCS_USE_CASES = ["OTP", "TRANSACTIONAL", "PROMOTIONAL", "MULTI_USE"] as const;
export type RcsUseCase = (typeof RCS_USE_CASES)[number];

export const RCS_LAUNCH_STATES = ["UNLAUNCHED", "PENDING", "LAUNCHED", "REJECTED", "SUSPENDED"] as const;
export type RcsLaunchState = (typeof RCS_LAUNCH_STATES)[number];

export const BOT_STATUSES = ["active", "inactive"] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** What each use case allows, shown beside the choice: traffic must match the use case a bot is registered for. */
export const RCS_USE_CASE_LABELS: Record<RcsUseCase, string> = {
  OTP: "OTP: one-time passwords only",
  TRANSACTIONAL: "Transactional: alerts and updates, no offers",
  PROMOTIONAL: "Promotional: offers and marketing",
  MULTI_USE: "Multi-use: conversational, any of the above",
};
