import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { CampaignRecord } from "../../../contract/calls";
import type { CampaignChannel } from "../../../contract/constants";
import type { CampaignStatus } from "../../../contract/domain/campaigns";
import type { Db } from "../../db/client";
import { campaigns } from "../../db/schema";
import { isUuid, type Caller } from "../caller";
import { filterValue } from "../paging";
import { campaignReach } from "./reach";
import { toCampaignRecords } from "./records";

/** `%`, `_` and `\` typed by a person match themselves in ILIKE. */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (term: string) => `%${escapeLike(term)}%`;

export interface CampaignFilter {
  channel?: CampaignChannel;
  status?: CampaignStatus;
  botId?: string;
  templateName?: string;
  /** SPEC's userIds: ids joined by ' , '. */
  userIds?: string;
}

const NOTHING = sql`false`;

/**
 * The filters of the list. userIds narrows to those accounts within reach: an id outside the caller's reach (or not
 * an id at all) matches no campaign rather than being an error, so a stale filter shows an empty list.
 */
function conditions(caller: Caller, filter: CampaignFilter): SQL[] {
  const out: SQL[] = [];
  const reach = campaignReach(caller);
  if (reach) out.push(reach);
  if (filter.channel) out.push(eq(campaigns.channel, filter.channel));
  if (filter.status) out.push(eq(campaigns.status, filter.status));
  const botId = filterValue(filter.botId);
  if (botId) out.push(isUuid(botId) ? eq(campaigns.botId, botId) : NOTHING);
  const template = filterValue(filter.templateName);
  if (template) out.push(ilike(campaigns.templateName, contains(template)));
  const rawIds = filterValue(filter.userIds);
  if (rawIds) {
    const ids = rawIds
      .split(",")
      .map((s) => s.trim())
      .filter(isUuid);
    out.push(ids.length ? inArray(campaigns.userId, ids) : NOTHING);
  }
  return out;
}

/** One page of the campaigns in reach, newest first (the (user_id, created_at, id) index serves the owner's list). */
export async function listCampaigns(
  db: Db,
  caller: Caller,
  filter: CampaignFilter,
  window: { limit: number; offset: number },
): Promise<{ records: CampaignRecord[]; total: number }> {
  const where = and(...conditions(caller, filter));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { records: await toCampaignRecords(db, rows), total: n };
}

export const SEARCH_MAX = 20;

/** Campaigns in reach whose name, template name or sender label contains the words typed; at most 20, newest first. */
export async function searchCampaigns(
  db: Db,
  caller: Caller,
  query: string,
  channel?: CampaignChannel,
): Promise<CampaignRecord[]> {
  const term = query.trim();
  if (!term) return [];
  const pattern = contains(term);
  const where = and(
    campaignReach(caller),
    channel ? eq(campaigns.channel, channel) : undefined,
    or(ilike(campaigns.name, pattern), ilike(campaigns.templateName, pattern), ilike(campaigns.senderLabel, pattern)),
  );
  const rows = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(SEARCH_MAX);
  return toCampaignRecords(db, rows);
}
