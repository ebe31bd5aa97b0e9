import { and, eq, inArray } from "drizzle-orm";
import { CAMPAIGN_TRANSITIONS, type CampaignStatus } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { campaigns } from "../../db/schema";
import { HttpError } from "../../http/errors";
import type { Tx } from "../ledger";
import type { CampaignRow } from "./reach";

/** The statuses a campaign may come from to reach `to` (CAMPAIGN_TRANSITIONS read backwards). */
export function sourcesOf(to: CampaignStatus): CampaignStatus[] {
  return (Object.keys(CAMPAIGN_TRANSITIONS) as CampaignStatus[]).filter((from) => CAMPAIGN_TRANSITIONS[from].includes(to));
}

export type CampaignPatch = Partial<Omit<typeof campaigns.$inferInsert, "id" | "status">>;

/**
 * Moves a campaign to `to` when it is in one of `from` (default: every status the transition table allows), in one
 * conditional UPDATE: two requests (or a request and the dispatcher) racing on one campaign cannot both win. Returns
 * the updated row, or undefined when the campaign was not in a source status.
 */
export async function transition(
  db: Db | Tx,
  id: string,
  to: CampaignStatus,
  patch: CampaignPatch = {},
  from: readonly CampaignStatus[] = sourcesOf(to),
): Promise<CampaignRow | undefined> {
  const [row] = await db
    .update(campaigns)
    .set({ ...patch, status: to, updatedAt: new Date() })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, [...from])))
    .returning();
  return row;
}

/** `transition`, or a 409 that says what the campaign is doing now. */
export async function transitionOrRefuse(db: Db | Tx, row: CampaignRow, to: CampaignStatus, patch: CampaignPatch = {}, from?: readonly CampaignStatus[]): Promise<CampaignRow> {
  const moved = await transition(db, row.id, to, patch, from);
  if (!moved) throw new HttpError(409, `The campaign is ${row.status} and cannot be made ${to}`);
  return moved;
}
