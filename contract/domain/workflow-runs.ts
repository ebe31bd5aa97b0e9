// Workflow runs and their steps: the states both ends show, and the engine's limits.

/** draft: never published; active: the published version starts runs; paused: published, starts none. */
export const WORKFLOW_STATUSES = ["draft", "active", "paused"] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/** A run is running while a step is queued or working, waiting while its step waits (a timer or a reply). */
export const RUN_STATUSES = ["running", "waiting", "succeeded", "failed", "cancelled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const FINAL_RUN_STATUSES: readonly RunStatus[] = ["succeeded", "failed", "cancelled"];

/** skipped: a replay did not do it again (its side effect was already done under the same step key). */
export const STEP_STATUSES = ["queued", "running", "waiting", "succeeded", "failed", "skipped"] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

/** Replay from the start, or from the step that failed (the steps before it keep their outputs). */
export const REPLAY_FROM = ["start", "failed"] as const;
export type ReplayFrom = (typeof REPLAY_FROM)[number];

/** Defaults of the engine's limits (WORKFLOW_MAX_STEPS, WORKFLOW_ACCOUNT_CONCURRENCY). */
export const WORKFLOW_DEFAULTS = { maxStepsPerRun: 200, accountConcurrency: 20 } as const;

/** A run's step counter passed this: the run fails (a loop that waits still ends). */
export const STEP_CAP_MESSAGE = (cap: number) => `The run reached its limit of ${cap} steps and was stopped`;

/** What an AI node answers while the AI agent hub is not part of this build. */
export const AI_NOT_AVAILABLE = "AI agent hub not available in this build";
