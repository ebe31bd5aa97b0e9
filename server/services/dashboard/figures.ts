import { sql, type SQL } from "drizzle-orm";
import { DELIVERED_STATES, SENT_OR_FAILED_STATES } from "../../../contract/domain/dashboards";
import type { ReportRange } from "./range";

// The SQL pieces every figure is made of, so the dashboards, Team Reports and the tests count the same way.
// A message is a recipient sent or refused on a day of the range (SENT_OR_FAILED_STATES); delivered includes read
// and replied. All of it reads recipient_daily_stats (alias `s`).

const list = (states: readonly string[]) => sql.raw(states.map((s) => `'${s}'`).join(", "));

export const MESSAGES = sql`coalesce(sum(s.recipients) filter (where s.state in (${list(SENT_OR_FAILED_STATES)})), 0)::int`;
export const DELIVERED = sql`coalesce(sum(s.recipients) filter (where s.state in (${list(DELIVERED_STATES)})), 0)::int`;
export const FAILED = sql`coalesce(sum(s.recipients) filter (where s.state = 'failed'), 0)::int`;
/** Paise spent on the range's messages, as a float8 so both drivers answer a number (exact below 2^53). */
export const SPENT_PAISE = sql`coalesce(sum(s.cost_paise) filter (where s.state in (${list(SENT_OR_FAILED_STATES)})), 0)::float8`;

/** The range's days and, when one is chosen, its channel. */
export function statsInRange(range: ReportRange, alias = "s"): SQL {
  const day = sql.raw(`${alias}.day`);
  const channel = range.channel === "all" ? sql`` : sql` and ${sql.raw(`${alias}.channel`)} = ${range.channel}`;
  return sql`${day} >= ${range.from}::date and ${day} <= ${range.to}::date${channel}`;
}

/** Rupees from paise, rounded to the paisa (sums of integers: no float drift to hide). */
export const rupees = (paise: number) => Math.round(paise) / 100;
