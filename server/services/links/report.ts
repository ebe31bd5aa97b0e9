import { sql } from "drizzle-orm";
import type { Static } from "@sinclair/typebox";
import type { LinkClicksRecord } from "../../../contract/calls/campaign-records";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";

type LinkClicks = Static<typeof LinkClicksRecord>;

/**
 * A campaign's clicks by device, people and machines apart, from its rollups: link_click_devices (a row per device
 * and kind) and engagement_daily's clickers (each counted once, on its first click's day): a few rows, however many
 * clicks.
 */
export async function linkClicksOf(db: Db, campaignId: string): Promise<LinkClicks> {
  const [rows, [{ clickers }]] = await Promise.all([
    rowsOf<{ device: string; machine: boolean; clicks: number }>(
      db,
      sql`select device, machine, clicks from link_click_devices where campaign_id = ${campaignId} and clicks > 0`,
    ),
    rowsOf<{ clickers: number }>(
      db,
      sql`select coalesce(sum(clickers), 0)::int as clickers from engagement_daily where campaign_id = ${campaignId}`,
    ),
  ]);
  const people = rows.filter((r) => !r.machine);
  return {
    clickers,
    clicks: people.reduce((sum, r) => sum + r.clicks, 0),
    machineFetches: rows.filter((r) => r.machine).reduce((sum, r) => sum + r.clicks, 0),
    devices: people.map((r) => ({ device: r.device, clicks: r.clicks })).sort((a, b) => b.clicks - a.clicks),
  };
}
