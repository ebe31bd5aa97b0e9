// An account's SLA settings (issue 40 item 5): targets in working minutes over its business hours. Stored on its
// inbox_settings row beside auto-assignment; a save recomputes the due instants of the clocks still running.
import { eq, sql } from "drizzle-orm";
import { dueAfter, type BusinessHours, type WeekHours } from "../../../contract/domain/business-hours";
import { DEFAULT_TIME_ZONE } from "../../../contract/domain/time-zone";
import type { Db } from "../../db/client";
import { inboxSettings } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/sql";

export interface SlaSettings {
  timeZone: string;
  /** Sunday first; null: every hour counts. */
  businessHours: WeekHours | null;
  holidays: string[];
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}

export const DEFAULT_SLA_SETTINGS: SlaSettings = {
  timeZone: DEFAULT_TIME_ZONE,
  businessHours: null,
  holidays: [],
  firstResponseMinutes: null,
  resolutionMinutes: null,
};

export const hoursOf = (s: SlaSettings): BusinessHours => ({
  timeZone: s.timeZone,
  week: s.businessHours,
  holidays: s.holidays,
});

/** Whether any clock runs for the account. */
export const slaOn = (s: SlaSettings) => s.firstResponseMinutes !== null || s.resolutionMinutes !== null;

type SettingsRow = typeof inboxSettings.$inferSelect;
const fromRow = (row: SettingsRow): SlaSettings => ({
  timeZone: row.timeZone,
  businessHours: row.businessHours ?? null,
  holidays: row.holidays,
  firstResponseMinutes: row.firstResponseMinutes,
  resolutionMinutes: row.resolutionMinutes,
});

export async function slaSettings(db: Db, ownerId: string): Promise<SlaSettings> {
  const [row] = await db.select().from(inboxSettings).where(eq(inboxSettings.userId, ownerId));
  return row ? fromRow(row) : DEFAULT_SLA_SETTINGS;
}

/** The settings of several accounts that have a target (the others have no clocks), read once. */
export async function slaSettingsOf(db: Db, ownerIds: readonly string[]): Promise<Map<string, SlaSettings>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(inboxSettings)
    .where(
      sql`${inboxSettings.userId} = any(${pgArray([...new Set(ownerIds)])}::uuid[])
        and (${inboxSettings.firstResponseMinutes} is not null or ${inboxSettings.resolutionMinutes} is not null)`,
    );
  return new Map(rows.map((r) => [r.userId, fromRow(r)]));
}

/** The due instant of a clock started at `start` with `target` working minutes (null: no target, or never due). */
export const dueOf = (start: Date | null, target: number | null, s: SlaSettings): Date | null =>
  start && target !== null ? dueAfter(start, target, hoursOf(s)) : null;

/**
 * Saves the settings and moves the due instants of the account's running clocks (open conversations) to what the new
 * hours and targets make of their start. Breaches already marked stay marked: the manager was told.
 */
export async function saveSlaSettings(db: Db, ownerId: string, next: SlaSettings): Promise<SlaSettings> {
  const values = { ...next, holidays: [...new Set(next.holidays)].sort() };
  await db
    .insert(inboxSettings)
    .values({ userId: ownerId, ...values })
    .onConflictDoUpdate({ target: inboxSettings.userId, set: { ...values, updatedAt: sql`now()` } });
  const running = await rowsOf<{ id: string; first: Date | string | null; resolve: Date | string | null }>(
    db,
    sql`select id::text as id, sla_first_start as first, sla_resolve_start as resolve from conversations
      where user_id = ${ownerId} and status = 'open' and sla_resolve_start is not null`,
  );
  const at = (d: Date | string | null) => (d === null ? null : new Date(d));
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  for (let i = 0; i < running.length; i += 1000) {
    const batch = running.slice(i, i + 1000);
    await db.execute(sql`update conversations c set sla_first_due = u.first_due, sla_resolve_due = u.resolve_due
      from unnest(${pgArray(batch.map((r) => r.id))}::uuid[],
        ${pgArray(batch.map((r) => iso(dueOf(at(r.first), values.firstResponseMinutes, values))))}::timestamptz[],
        ${pgArray(batch.map((r) => iso(dueOf(at(r.resolve), values.resolutionMinutes, values))))}::timestamptz[])
        as u(id, first_due, resolve_due)
      where c.id = u.id and c.user_id = ${ownerId}`);
  }
  return values;
}
