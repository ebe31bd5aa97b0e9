import { sql } from "drizzle-orm";
import { formatDay, shiftDay } from "../../../contract/domain/whatsapp-analytics";
import { draw, drawInt } from "../../carriers/sandbox/random";
import { sandboxWabaFor } from "../../carriers/sandbox/whatsapp";
import type { Db } from "../../db/client";
import { ensureSandboxSolution } from "./solutions";
import { storeConnection } from "./wabas";

const HISTORY_DAYS = 30;
const HOUR_MS = 3_600_000;

interface Row {
  recipient: string;
  sender: string;
  status: string;
  created_at: string;
}

function statusOf(seed: string, key: string): string {
  const r = draw(seed, key);
  return r < 0.04 ? "failed" : r < 0.14 ? "sent" : r < 0.45 ? "delivered" : "read";
}

/** A plausible month of WhatsApp traffic from each number the sandbox will give `accountId` (fewer on weekends). */
export function demoHistory(seed: string, accountId: string, now: Date = new Date()): Row[] {
  const rows: Row[] = [];
  const today = formatDay(now);
  for (const phone of sandboxWabaFor(seed, accountId).phoneNumbers) {
    for (let back = HISTORY_DAYS - 1; back >= 0; back -= 1) {
      const day = shiftDay(today, back);
      const weekend = [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());
      const count = drawInt(seed, `history:${phone.id}:${day}`, weekend ? 8 : 25, weekend ? 20 : 70);
      for (let i = 0; i < count; i += 1) {
        const key = `history:${phone.id}:${day}:${i}`;
        // Office hours in India (03:30-15:30 UTC), never in the future.
        const at = Math.min(Date.parse(`${day}T03:30:00Z`) + draw(seed, `${key}:at`) * 12 * HOUR_MS, now.getTime() - 60_000);
        rows.push({
          recipient: `+9198${String(drawInt(seed, `${key}:to`, 0, 99_999_999)).padStart(8, "0")}`,
          sender: phone.id,
          status: statusOf(seed, `${key}:status`),
          created_at: new Date(at).toISOString(),
        });
      }
    }
  }
  return rows;
}

/**
 * Demo data of the WhatsApp channel on a fresh install: a month of messages from the numbers the sandbox gives each
 * of `accounts`, so their analytics have a history the moment they are connected, and `connected` already connected
 * (the template screens need a WABA). One statement per account (a JSON array expanded in SQL): thousands of rows
 * through the query builder would be slow (STACK 8).
 */
export async function seedWhatsAppDemo(db: Db, seed: string, accounts: { connected: string; unconnected: readonly string[] }): Promise<void> {
  await ensureSandboxSolution(db);
  for (const accountId of [accounts.connected, ...accounts.unconnected]) {
    const rows = demoHistory(seed, accountId);
    await db.execute(sql`
      insert into messages (user_id, channel, recipient, sender, status, created_at)
      select ${accountId}::uuid, 'whatsapp', r.recipient, r.sender, r.status, r.created_at
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(recipient text, sender text, status text, created_at timestamptz)`);
  }
  await storeConnection(db, accounts.connected, "sandbox", sandboxWabaFor(seed, accounts.connected));
}
