// Sending campaigns and taking in what comes back: the dispatcher's loop, the carrier-events consumer and the
// progress pushes, wired to the app's database, carrier and sockets. Settings come from DISPATCH_* variables
// (services/campaigns/dispatch-settings.ts), and tests pass their own through buildApp({ dispatch }).
import type { FastifyInstance } from "fastify";
import { PROGRESS_EVENT } from "../../contract/domain/campaigns";
import { userRoom } from "../realtime";
import { startCarrierEvents } from "../services/campaigns/carrier-events";
import { startDispatcher } from "../services/campaigns/dispatch";
import { dispatchSettingsWith, type DispatchOverrides } from "../services/campaigns/dispatch-settings";
import { createProgressPusher } from "../services/campaigns/progress";
import type { ClaimLoop } from "../db/claim-loop";
import { startSettlement } from "./campaign-settlement";
import { linkKeyOf } from "../services/links/code";

/** Starts the three and answers the loops to register (stopped by the jobs plugin in reverse order of need). */
export function startCampaignDispatch(app: FastifyInstance, overrides: DispatchOverrides): Map<string, ClaimLoop> {
  const { db } = app.database;
  const settings = dispatchSettingsWith(overrides);
  const progress = createProgressPusher(db, (userId, update) =>
    app.io.to(userRoom(userId)).emit(PROGRESS_EVENT, update),
  );
  const linkKey = linkKeyOf(app.routeContext.secret());
  const dispatcher = startDispatcher(app.database, app.carrier, app.storage, progress, app.log, settings, linkKey, {
    io: app.io,
    sendMail: app.routeContext.sendMail,
  });
  const settlement = startSettlement(db, app.log, settings, (ids) => ids.forEach((id) => progress.touch(id, true)));
  const events = startCarrierEvents(db, app.carrier, {
    flushMs: overrides.eventsFlushMs ?? 100,
    log: app.log,
    onChanged: (changed, failed) => {
      changed.forEach((id) => progress.touch(id));
      dispatcher.noteFailures(failed);
      settlement.note(failed.keys());
    },
  });
  const stopProgress: ClaimLoop = { tick: async () => 0, stop: () => progress.stop() };
  return new Map<string, ClaimLoop>([
    ["campaign-dispatch", dispatcher],
    ["carrier-events", events],
    ["campaign-settlement", settlement],
    ["campaign-progress", stopProgress],
  ]);
}
