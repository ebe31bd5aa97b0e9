// A page of the message log: the three branches (each at most limit + 1 rows, through its index), merged in the
// log's order, cut at the limit; the last row shown is the next page's cursor.
import { LOG_KINDS, type LogKind } from "../../../contract/domain/message-log";
import type { Db } from "../../db/client";
import { apiBranch, branchApplies, campaignBranch, chatBranch } from "./branches";
import { encodeCursor, type LogFilters } from "./filters";
import { renderCampaignBodies } from "./bodies";
import { apiRecord, campaignRecord, chatRecord, type LogRow } from "./rows";

export interface LogPage {
  rows: LogRow[];
  nextCursor: string | null;
}

/** Ids of one kind in descending order: number ids by value, uuids as the database orders them (bytes). */
function compareIds(kind: LogKind, a: string, b: string): number {
  if (kind === "api") return a < b ? 1 : a > b ? -1 : 0;
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? 1 : x > y ? -1 : 0;
}

/** The log's order: newest first, then kind (api, campaign, chat), then id descending; equal to the SQL's keyset. */
export function logOrder(a: LogRow, b: LogRow): number {
  if (a.time !== b.time) return a.time < b.time ? 1 : -1;
  if (a.kind !== b.kind) return LOG_KINDS.indexOf(a.kind) - LOG_KINDS.indexOf(b.kind);
  return compareIds(a.kind, a.id, b.id);
}

/** `linkKey`: the key of tracked campaigns' short links, so their messages show as sent (links/code.ts). */
export async function messageLogPage(db: Db, owner: string, f: LogFilters, linkKey: Buffer): Promise<LogPage> {
  const [campaign, api, chat] = await Promise.all([
    branchApplies("campaign", f) ? campaignBranch(db, owner, f) : [],
    branchApplies("api", f) ? apiBranch(db, owner, f) : [],
    branchApplies("chat", f) ? chatBranch(db, owner, f) : [],
  ]);
  const merged = [...campaign.map(campaignRecord), ...api.map(apiRecord), ...chat.map(chatRecord)].sort(logOrder);
  const rows = merged.slice(0, f.limit);
  await renderCampaignBodies(db, rows, new Map(campaign.map((r) => [r.id, r])), linkKey);
  const last = rows.at(-1);
  const nextCursor =
    merged.length > f.limit && last ? encodeCursor({ t: last.time, kind: last.kind, id: last.id }) : null;
  return { rows, nextCursor };
}
