import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CampaignChannel } from "../../../contract/constants";
import type { Db } from "../../db/client";
import { campaigns, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { isUuid, type Caller } from "../caller";

export type CampaignRow = typeof campaigns.$inferSelect;
export const CAMPAIGN_NOT_FOUND = "Campaign not found";

/**
 * Whose campaigns a caller reaches (tenancy, the same rule as accounts): an admin every campaign; a reseller those
 * of the accounts it created; a department head those it created (for its organization, which owns and pays);
 * a manager or user its own. Anything outside reach answers exactly like a missing campaign.
 */
export function campaignReach(caller: Pick<Caller, "id" | "role">): SQL | undefined {
  switch (caller.role) {
    case "admin":
      return undefined;
    case "reseller":
      return inArray(campaigns.userId, sql`(select ${users.id} from ${users} where ${users.parentId} = ${caller.id})`);
    case "department_head":
      return eq(campaigns.createdBy, caller.id);
    default:
      return eq(campaigns.userId, caller.id);
  }
}

/**
 * One campaign in reach, optionally of one channel (a channel's own calls only see its campaigns). `owner` asks for
 * the owner's actions (start, pause, discard, check…): only the owning account itself.
 */
export async function findCampaign(
  db: Db,
  caller: Caller,
  id: string,
  opts: { channel?: CampaignChannel; owner?: boolean } = {},
): Promise<CampaignRow> {
  if (!isUuid(id)) throw notFound(CAMPAIGN_NOT_FOUND);
  const conditions = [eq(campaigns.id, id), opts.owner ? eq(campaigns.userId, caller.id) : campaignReach(caller)];
  if (opts.channel) conditions.push(eq(campaigns.channel, opts.channel));
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(...conditions));
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}
