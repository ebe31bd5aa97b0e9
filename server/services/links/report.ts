import { sql } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { LinkClicksRecord } from "../../../contract/calls/campaign-records";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";

type LinkClicks = Static<typeof LinkClicksRecord>;

/** A campaign's clicks by device, people and machines apart, through the (campaign, recipient) index. */
export async function linkClicksOf(db: Db, campaignId: string): Promise<LinkClicks> {
  const rows = await rowsOf<{ device: string; machine: boolean; clicks: number }>(
    db,
    sql`select device, machine, count(*)::int as clicks
      from link_clicks where campaign_id = ${campaignId} group by device, machine`,
  );
  const people = rows.filter((r) => !r.machine);
  const [{ clickers }] = await rowsOf<{ clickers: number }>(
    db,
    sql`select count(distinct recipient_id)::int as clickers from link_clicks
      where campaign_id = ${campaignId} and not machine`,
  );
  return {
    clickers,
    clicks: people.reduce((sum, r) => sum + r.clicks, 0),
    machineFetches: rows.filter((r) => r.machine).reduce((sum, r) => sum + r.clicks, 0),
    devices: people.map((r) => ({ device: r.device, clicks: r.clicks })).sort((a, b) => b.clicks - a.clicks),
  };
}
