import type { Static } from "@sinclair/typebox";
import { sql } from "drizzle-orm";
import type { ConversionTotalsRecord } from "../../../contract/calls/campaign-records";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/sql";

/** A campaign's attributed conversions in one read through the (campaign_id, recipient_id) index: three figures. */
export async function conversionsOf(db: Db, campaignId: string): Promise<Static<typeof ConversionTotalsRecord>> {
  const [row] = await rowsOf<{ conversions: number; converters: number; revenue: string | number | null }>(
    db,
    sql`select count(*)::int as conversions, count(distinct recipient_id)::int as converters,
        coalesce(sum(value_paise), 0)::bigint as revenue
      from conversions where campaign_id = ${campaignId} and recipient_id is not null`,
  );
  return { conversions: row.conversions, converters: row.converters, revenuePaise: Number(row.revenue ?? 0) };
}
