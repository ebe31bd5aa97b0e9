// The workflow engine's three loops: trigger events into runs, due steps, schedule firings. Each drains (a round that
// found work is followed at once by another), and starting runs wakes the step loop, so a step waits for the loop's
// interval only when the engine was idle.
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config";
import { defaultAiBridge, type AiBridge } from "../services/workflows/ai-bridge";
import { startClaimLoop, type ClaimLoop } from "../db/claim-loop";
import { workflowEventsJob } from "./workflow-events";
import { workflowScheduleJob } from "./workflow-schedule";
import { workflowStepsJob } from "./workflow-steps";

const MINUTE = 60_000;

export function startWorkflowJobs(
  app: FastifyInstance,
  { jobIntervalMs, now, workflows }: Pick<ServerConfig, "jobIntervalMs" | "now" | "workflows">,
  ai: AiBridge = defaultAiBridge,
): Map<string, ClaimLoop> {
  const db = app.database.db;
  const loops = new Map<string, ClaimLoop>();
  const leaseMs = Math.max(10 * jobIntervalMs, MINUTE);
  const stepJob = workflowStepsJob({
    deps: {
      db,
      carrier: app.carrier,
      storage: app.storage,
      io: app.io,
      log: app.log,
      ai,
      allowPrivateHttp: workflows.allowPrivateHttp,
      now: now ?? (() => new Date()),
    },
    log: app.log,
    leaseMs,
    maxStepsPerRun: workflows.maxStepsPerRun,
    accountConcurrency: workflows.accountConcurrency,
  });
  const steps = startClaimLoop(db, stepJob, { intervalMs: jobIntervalMs, batch: 200, log: app.log, drain: true });
  const wakeSteps = () => void steps.tick();
  const events = workflowEventsJob({ db, ai, log: app.log, leaseMs, onStarted: wakeSteps });
  const schedule = workflowScheduleJob(db, { leaseMs, onStarted: wakeSteps });
  loops.set(stepJob.name, steps);
  loops.set(
    events.name,
    startClaimLoop(db, events, { intervalMs: jobIntervalMs, batch: 200, log: app.log, drain: true }),
  );
  loops.set(schedule.name, startClaimLoop(db, schedule, { intervalMs: jobIntervalMs, batch: 20, log: app.log }));
  return loops;
}
