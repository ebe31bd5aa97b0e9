import { sql } from "drizzle-orm";
import type { CampaignChannel } from "../../contract/constants";
import type { RecipientState } from "../../contract/domain/campaigns";
import {
  addDays,
  dayStart,
  DELIVERED_STATES,
  reportDay,
  SENT_OR_FAILED_STATES,
} from "../../contract/domain/dashboards";
import type { Db } from "../db/client";
import { rowsOf } from "../db/sql";
import { insertCampaign, insertRecipients, type RecipientSpec } from "./campaign-read-fixtures";

// Seeded campaigns for the dashboard suites, and the figures computed straight from the recipient rows (never from
// the rollup the server reads), so a test compares the two.

const STATES: RecipientState[] = [
  "delivered",
  "read",
  "replied",
  "failed",
  "sent",
  "unknown",
  "delivered",
  "queued",
  "skipped",
  "failed",
  "read",
  "delivered",
];
const CODES: Record<CampaignChannel, string[]> = {
  sms: ["UNDELIV:001", "EXPIRED:005"],
  whatsapp: ["131026", "131049"],
  rcs: ["404", "EXPIRED"],
};

/** `count` recipients of varied states over the last `days` reporting days, some refused at submit (no sent time). */
export function recipientSpecs(
  channel: CampaignChannel,
  count: number,
  seed: number,
  days = 12,
  now = new Date(),
): RecipientSpec[] {
  const today = reportDay(now);
  return Array.from({ length: count }, (_, i) => {
    const state = STATES[(i + seed) % STATES.length];
    const back = (i * 7 + seed * 3) % days;
    // Daytime in India on that day, never in the future.
    const at = new Date(
      Math.min(
        dayStart(addDays(today, -back)).getTime() + (4 * 60 + ((i * 37) % 600)) * 60_000,
        now.getTime() - 60_000,
      ),
    );
    const number = `+9198${String(seed * 10_000 + i).padStart(8, "0")}`;
    if (state === "queued" || state === "skipped") return { number, state };
    if (state === "failed") {
      const atSubmit = i % 2 === 0;
      return {
        number,
        state,
        code: CODES[channel][i % 2],
        reason: "seeded failure",
        failedAt: at,
        sentAt: atSubmit ? undefined : at,
        costPaise: atSubmit ? 0 : 25 + seed,
      };
    }
    return { number, state, sentAt: at, costPaise: 25 + seed + (i % 3) };
  });
}

export async function seedCampaign(
  db: Db,
  fields: { userId: string; createdBy?: string; channel: CampaignChannel; name: string },
  count: number,
  seed: number,
): Promise<string> {
  const id = await insertCampaign(db, { ...fields, createdBy: fields.createdBy ?? fields.userId, status: "running" });
  await insertRecipients(db, id, fields.userId, recipientSpecs(fields.channel, count, seed));
  return id;
}

export interface RawRecipient {
  campaign_id: string;
  user_id: string;
  created_by: string | null;
  channel: CampaignChannel;
  state: RecipientState;
  code: string | null;
  cost_paise: number;
  sent_at: string | Date | null;
  failed_at: string | Date | null;
}

/** Every recipient with its campaign's owner, creator and channel. */
export function rawRecipients(db: Db): Promise<RawRecipient[]> {
  return rowsOf<RawRecipient>(
    db,
    sql`select r.campaign_id::text, c.user_id::text, c.created_by::text, c.channel, r.state, r.code, r.cost_paise + r.failover_cost_paise as cost_paise, r.sent_at, r.failed_at
        from campaign_recipients r join campaigns c on c.id = r.campaign_id`,
  );
}

/** The reporting day a recipient counts on, or null when it was not sent (or refused) yet. */
export function dayOf(r: RawRecipient): string | null {
  if (r.state === "queued" || r.state === "sending" || r.state === "skipped") return null;
  const at = r.sent_at ?? r.failed_at;
  return at ? reportDay(new Date(at)) : null;
}

export interface Expected {
  messages: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
  unconfirmed: number;
  spentPaise: number;
  campaigns: number;
  queued: number;
  perDay: Map<
    string,
    { rcs: number; sms: number; whatsapp: number; delivered: number; failed: number; spentPaise: number }
  >;
  errors: Map<string, number>;
}

/** The dashboard's figures summed from raw rows: those `inScope`, on days from..to, of `channel` (or all). */
export function expectedFigures(
  rows: readonly RawRecipient[],
  inScope: (r: RawRecipient) => boolean,
  from: string,
  to: string,
  channel = "all",
): Expected {
  const out: Expected = {
    messages: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    unconfirmed: 0,
    spentPaise: 0,
    campaigns: 0,
    queued: 0,
    perDay: new Map(),
    errors: new Map(),
  };
  const campaigns = new Set<string>();
  for (const r of rows) {
    if (!inScope(r) || (channel !== "all" && r.channel !== channel)) continue;
    if (r.state === "queued" || r.state === "sending") out.queued += 1;
    const day = dayOf(r);
    if (!day || day < from || day > to || !SENT_OR_FAILED_STATES.includes(r.state)) continue;
    campaigns.add(r.campaign_id);
    const delivered = DELIVERED_STATES.includes(r.state) ? 1 : 0;
    const failed = r.state === "failed" ? 1 : 0;
    out.messages += 1;
    out.delivered += delivered;
    out.failed += failed;
    out.read += r.state === "read" || r.state === "replied" ? 1 : 0;
    out.replied += r.state === "replied" ? 1 : 0;
    out.unconfirmed += r.state === "sent" || r.state === "unknown" ? 1 : 0;
    out.spentPaise += Number(r.cost_paise);
    const d = out.perDay.get(day) ?? { rcs: 0, sms: 0, whatsapp: 0, delivered: 0, failed: 0, spentPaise: 0 };
    d[r.channel] += 1;
    d.delivered += delivered;
    d.failed += failed;
    d.spentPaise += Number(r.cost_paise);
    out.perDay.set(day, d);
    if (failed)
      out.errors.set(`${r.channel}:${r.code ?? ""}`, (out.errors.get(`${r.channel}:${r.code ?? ""}`) ?? 0) + 1);
  }
  out.campaigns = campaigns.size;
  return out;
}

/** The rollup next to the same grouping of the raw rows, for an exactness check (both sorted alike). */
export async function rollupAndRaw(db: Db): Promise<{ rollup: string[]; raw: string[] }> {
  const rollup = await rowsOf<{ k: string }>(
    db,
    sql`select concat_ws('|', campaign_id, day, state, code, recipients, cost_paise, failover_cost_paise, failed_over) as k from recipient_daily_stats
        where recipients <> 0 or cost_paise <> 0 or failover_cost_paise <> 0 or failed_over <> 0 order by 1`,
  );
  const raw = await rowsOf<{ k: string }>(
    db,
    sql`select concat_ws('|', campaign_id, day, state, code, n, cost, fcost, fo) as k from (
          select r.campaign_id,
                 case when r.state in ('queued', 'sending', 'skipped') or coalesce(r.sent_at, r.failed_at) is null then '-infinity'
                      else ((coalesce(r.sent_at, r.failed_at) at time zone 'Asia/Kolkata')::date)::text end as day,
                 r.state, case when r.state = 'failed' then coalesce(r.code, '') else '' end as code,
                 count(*) as n, sum(r.cost_paise + r.failover_cost_paise) as cost, sum(r.failover_cost_paise) as fcost, sum(r.failed_over::int) as fo
          from campaign_recipients r group by 1, 2, 3, 4) x
        order by 1`,
  );
  return { rollup: rollup.map((r) => r.k), raw: raw.map((r) => r.k) };
}
