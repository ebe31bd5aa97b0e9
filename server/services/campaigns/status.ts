import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { CAMPAIGN_TRANSITIONS, type CampaignStatus } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { campaigns } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { Tx } from "../../db/sql";
import { campaignStatusEvent } from "../webhooks/events";
import { enqueueWebhookEvents } from "../webhooks/enqueue";
import { anyWebhooksWanted } from "../webhooks/subscribers";
import type { CampaignRow } from "./reach";
import { notifyStop, stopSendingHere } from "./stop-signal";

/** The statuses a campaign may come from to reach `to` (CAMPAIGN_TRANSITIONS read backwards). */
export function sourcesOf(to: CampaignStatus): CampaignStatus[] {
  return (Object.keys(CAMPAIGN_TRANSITIONS) as CampaignStatus[]).filter((from) =>
    CAMPAIGN_TRANSITIONS[from].includes(to),
  );
}

export type CampaignPatch = Partial<Omit<typeof campaigns.$inferInsert, "id" | "status" | "ranMs" | "runningSince">>;

/**
 * The running clock's part of a move to `to` at `now` (campaigns.ran_ms, running_since), read from the row as it was
 * (an UPDATE's SET sees the old row): leaving running adds the spell to ran_ms; entering it starts a spell; staying
 * keeps it. A running row without a spell (none recorded) adds nothing.
 */
export function runningClock(to: CampaignStatus, now: Date) {
  const stamp = sql`${now.toISOString()}::timestamptz`;
  const wasRunning = sql`${campaigns.status} = 'running'`;
  return {
    ranMs:
      to === "running"
        ? sql`${campaigns.ranMs}`
        : sql`${campaigns.ranMs} + case when ${wasRunning} and ${campaigns.runningSince} is not null
            then greatest(0, (extract(epoch from (${stamp} - ${campaigns.runningSince})) * 1000)::bigint) else 0 end`,
    runningSince:
      to === "running" ? sql`case when ${wasRunning} then ${campaigns.runningSince} else ${stamp} end` : sql`null`,
  };
}

/**
 * Moves a campaign to `to` when it is in one of `from` (default: every status the transition table allows), in one
 * conditional UPDATE: two requests (or a request and the dispatcher) racing on one campaign cannot both win. Returns
 * the updated row, or undefined when the campaign was not in a source status.
 *
 * A real move (not validating → validating, an ingest resuming) is a `campaign.status` webhook event, written in the
 * caller's transaction, or, when some account listens for it and the caller has none, in one of its own. A move out
 * of `running` is told to the dispatchers at once (stop-signal.ts).
 */
export async function transition(
  db: Db | Tx,
  id: string,
  to: CampaignStatus,
  patch: CampaignPatch = {},
  from: readonly CampaignStatus[] = sourcesOf(to),
): Promise<CampaignRow | undefined> {
  const move = async (q: Db | Tx): Promise<CampaignRow | undefined> => {
    if (to !== "running" && from.includes("running")) stopSendingHere(id);
    const now = new Date();
    const [row] = await q
      .update(campaigns)
      .set({ ...patch, ...runningClock(to, now), status: to, updatedAt: now })
      .where(and(eq(campaigns.id, id), inArray(campaigns.status, [...from])))
      // A subquery of RETURNING reads the table as it was before this statement: the status moved from.
      .returning({
        ...getTableColumns(campaigns),
        previous: sql<CampaignStatus>`(select p.status from campaigns p where p.id = campaigns.id)`,
      });
    if (!row) return undefined;
    const { previous, ...moved } = row;
    if (previous === "running" && to !== "running") await notifyStop(q, id);
    if (previous !== to) await enqueueWebhookEvents(q, [campaignStatusEvent(moved, previous)]);
    return moved;
  };
  if (!anyWebhooksWanted("campaign.status")) return move(db);
  return (db as Db).transaction((tx) => move(tx));
}

/** `transition`, or a 409 that says what the campaign is doing now. */
export async function transitionOrRefuse(
  db: Db | Tx,
  row: CampaignRow,
  to: CampaignStatus,
  patch: CampaignPatch = {},
  from?: readonly CampaignStatus[],
): Promise<CampaignRow> {
  const moved = await transition(db, row.id, to, patch, from);
  if (!moved) throw new HttpError(409, `The campaign is ${row.status} and cannot be made ${to}`);
  return moved;
}
