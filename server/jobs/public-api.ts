// The public API's background work, started with the other jobs: the dispatcher of api_messages, the receipts that
// move them on, and the pruning of the request log. Dispatch settings are the campaigns' (DISPATCH_* variables).
import type { FastifyInstance } from "fastify";
import { startPublicDispatcher } from "../services/public-api/dispatch";
import { startPrune } from "../services/public-api/prune";
import { startPublicReceipts } from "../services/public-api/receipts";
import { dispatchSettingsWith, type DispatchOverrides } from "../services/campaigns/dispatch-settings";
import type { ClaimLoop } from "../db/claim-loop";

const PRUNE_EVERY_MS = 10 * 60_000;

export function startPublicApiJobs(app: FastifyInstance, overrides: DispatchOverrides): Map<string, ClaimLoop> {
  const { db } = app.database;
  const { publicApi } = app;
  const settings = dispatchSettingsWith(overrides);
  const dispatcher = startPublicDispatcher(db, app.carrier, publicApi.events, app.log, settings);
  publicApi.wake = () => dispatcher.wake();
  const receipts = startPublicReceipts(db, app.carrier, publicApi.events, {
    flushMs: overrides.eventsFlushMs ?? 100,
    log: app.log,
    onFallback: () => dispatcher.wake(),
  });
  const prune = startPrune(db, publicApi.umsLogDays, PRUNE_EVERY_MS, app.log);
  return new Map<string, ClaimLoop>([
    ["public-api-dispatch", dispatcher],
    ["public-api-receipts", receipts],
    ["public-api-prune", prune],
  ]);
}
