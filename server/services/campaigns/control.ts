import { eq } from "drizzle-orm";
import { FINAL_CAMPAIGN_STATUSES, CAMPAIGN_STATUSES, type CampaignStatus } from "../../../contract/domain/campaigns";
import { MSG } from "../../../contract/messages";
import { isTimeZone } from "../../../contract/domain/time-zone";
import type { Db } from "../../db/client";
import { campaigns } from "../../db/schema";
import { badRequest, HttpError } from "../../http/errors";
import type { Caller } from "../caller";
import { InsufficientBalance } from "../balance/ledger";
import type { Tx } from "../../db/sql";
import { preCheck, type CheckOptions } from "./check";
import { markSkipped } from "./check-skips";
import { holdForCampaign, releaseHold } from "./money";
import { CAMPAIGN_NOT_FOUND, type CampaignRow } from "./reach";
import { openingLabel, smsWindowAt } from "./sms-window";
import { transitionOrRefuse } from "./status";
import { awaitStopEcho } from "./stop-signal";
import { ROW_LOCK } from "../../db/locks";

// Start, schedule, pause, resume and discard: each one transaction that locks the campaign row first, so two
// requests on one campaign run one after the other and the second sees what the first did (one hold, never two).

export const scheduledForWindow = (options: CheckOptions) =>
  `Scheduled for the next SMS window (${openingLabel(options.smsWindow)})`;

/** The campaign row, locked for the rest of the transaction; 404 when it vanished. */
async function locked(tx: Tx, id: string): Promise<CampaignRow> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for(ROW_LOCK);
  if (!row) throw new HttpError(404, CAMPAIGN_NOT_FOUND);
  return row;
}

async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof InsufficientBalance) throw badRequest(MSG.insufficientBalance);
    throw error;
  }
}

const refuseStatus = (row: CampaignRow, action: string) =>
  new HttpError(409, `The campaign is ${row.status} and cannot be ${action}`);

/**
 * Checks, skips, holds and moves a ready campaign: to running now, or to scheduled (at `at`, or at the next SMS window
 * when the window is closed then). A blocker or a balance short of the hold refuses with 400 and rolls everything back.
 */
async function launch(
  tx: Tx,
  row: CampaignRow,
  caller: Caller,
  options: CheckOptions,
  at: { scheduledAt: Date; timeZone: string } | null,
): Promise<CampaignRow> {
  if (row.status !== "ready") throw refuseStatus(row, at ? "scheduled" : "started");
  // The messaging limit is counted now; the SMS window at the moment sending would begin.
  const check = await preCheck(tx, row, { ...options, sendAt: at?.scheduledAt });
  if (check.blockers.length) throw badRequest(check.blockers[0].message);
  if (check.balancePaise < check.estimate.totalPaise) throw badRequest(MSG.insufficientBalance);
  await markSkipped(tx, row, check, options.now);
  await holdForCampaign(tx, row, check.estimate.totalPaise, caller.id, caller.impersonatedBy);
  // The card the hold was priced with stays with the campaign: sending and settlement charge at it (issue 37).
  const money = {
    estimatedPaise: check.estimate.expectedPaise,
    maxPaise: check.estimate.totalPaise,
    estimatedAt: options.now,
    rates: check.rates,
  };
  if (!check.window.openNow && check.window.nextOpenAt) {
    const opens = check.window.nextOpenAt;
    return transitionOrRefuse(
      tx,
      row,
      "scheduled",
      {
        ...money,
        scheduledAt: opens,
        nextRunAt: opens,
        timeZone: at?.timeZone ?? null,
        statusReason: scheduledForWindow(options),
      },
      ["ready"],
    );
  }
  if (at)
    return transitionOrRefuse(
      tx,
      row,
      "scheduled",
      { ...money, scheduledAt: at.scheduledAt, nextRunAt: at.scheduledAt, timeZone: at.timeZone, statusReason: null },
      ["ready"],
    );
  return transitionOrRefuse(
    tx,
    row,
    "running",
    { ...money, startedAt: options.now, nextRunAt: null, statusReason: null },
    ["ready"],
  );
}

export function startCampaign(db: Db, found: CampaignRow, caller: Caller, options: CheckOptions): Promise<CampaignRow> {
  return inTransaction(db, async (tx) => launch(tx, await locked(tx, found.id), caller, options, null));
}

export function scheduleCampaign(
  db: Db,
  found: CampaignRow,
  caller: Caller,
  options: CheckOptions,
  body: { scheduledAt: string; timeZone: string },
): Promise<CampaignRow> {
  if (!isTimeZone(body.timeZone))
    throw badRequest(`Unknown time zone "${body.timeZone}"`, [
      { field: "timeZone", message: "is not a known IANA time zone" },
    ]);
  const scheduledAt = new Date(body.scheduledAt);
  if (Number.isNaN(scheduledAt.getTime()))
    throw badRequest("The scheduled time is not a valid date", [
      { field: "scheduledAt", message: "is not a valid date" },
    ]);
  if (scheduledAt.getTime() <= options.now.getTime())
    throw badRequest("The scheduled time must be in the future", [
      { field: "scheduledAt", message: "must be in the future" },
    ]);
  return inTransaction(db, async (tx) =>
    launch(tx, await locked(tx, found.id), caller, options, { scheduledAt, timeZone: body.timeZone }),
  );
}

/** How long a pause waits for its stop to come back by LISTEN (stop-signal.ts) before it answers anyway. */
const STOP_ECHO_MS = 2000;

/** Running or scheduled → paused; a running one answers once every process has been told to stop sending it. */
export async function pauseCampaign(db: Db, found: CampaignRow): Promise<CampaignRow> {
  const echo = awaitStopEcho(found.id, STOP_ECHO_MS);
  try {
    let wasRunning = false;
    const paused = await inTransaction(db, async (tx) => {
      const row = await locked(tx, found.id);
      if (row.status !== "running" && row.status !== "scheduled") throw refuseStatus(row, "paused");
      wasRunning = row.status === "running";
      // A paused campaign is nobody's due work: the scheduler must not start it.
      return transitionOrRefuse(tx, row, "paused", { nextRunAt: null, statusReason: "Paused by the owner" }, [
        "running",
        "scheduled",
      ]);
    });
    if (wasRunning) await echo.heard;
    return paused;
  } finally {
    echo.cancel();
  }
}

/** Paused → running; or → scheduled when its chosen time is still ahead, or its SMS window is closed now. */
export function resumeCampaign(
  db: Db,
  found: CampaignRow,
  options: CheckOptions,
  windowed: boolean,
): Promise<CampaignRow> {
  return inTransaction(db, async (tx) => {
    const row = await locked(tx, found.id);
    if (row.status !== "paused") throw refuseStatus(row, "resumed");
    if (row.scheduledAt && row.scheduledAt.getTime() > options.now.getTime()) {
      return transitionOrRefuse(tx, row, "scheduled", { nextRunAt: row.scheduledAt, statusReason: null }, ["paused"]);
    }
    const state = windowed ? smsWindowAt(options.now, options.smsWindow) : { openNow: true, nextOpenAt: null };
    if (!state.openNow && state.nextOpenAt) {
      return transitionOrRefuse(
        tx,
        row,
        "scheduled",
        { scheduledAt: state.nextOpenAt, nextRunAt: state.nextOpenAt, statusReason: scheduledForWindow(options) },
        ["paused"],
      );
    }
    return transitionOrRefuse(
      tx,
      row,
      "running",
      { startedAt: row.startedAt ?? options.now, nextRunAt: null, statusReason: null },
      ["paused"],
    );
  });
}

const NOT_FINAL = CAMPAIGN_STATUSES.filter((s) => !FINAL_CAMPAIGN_STATUSES.includes(s));

/** Any non-final status → discarded, and the unused hold back to the owner, in one transaction. */
export function discardCampaign(
  db: Db,
  found: CampaignRow,
  caller: Caller,
  reason: string | null = null,
): Promise<CampaignRow> {
  return inTransaction(db, async (tx) => {
    const row = await locked(tx, found.id);
    if (FINAL_CAMPAIGN_STATUSES.includes(row.status)) throw refuseStatus(row, "discarded");
    await transitionOrRefuse(
      tx,
      row,
      "discarded",
      { nextRunAt: null, completedAt: new Date(), statusReason: reason },
      NOT_FINAL as CampaignStatus[],
    );
    await releaseHold(tx, row.id, caller.id);
    return locked(tx, row.id);
  });
}
