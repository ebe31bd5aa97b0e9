import { sql } from "drizzle-orm";
import {
  smsRateKey,
  whatsappRateKey,
  withSmsFallback,
  type RateKey,
  type Rates,
} from "../../../contract/domain/charging";
import { costOfCharge, resolveRates } from "../../../contract/domain/rate-cards";
import type { Db } from "../../db/client";
import { channelRates } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/sql";
import { rangeOf } from "../dashboard/range";
import { cardRows } from "./cards";

// A reseller's margin per customer over a period: what its customers' campaigns started in the period were charged
// (at the card each campaign was held with, campaigns.rates) against what the same messages cost at the reseller's
// own card on the campaign's start. A charge is whole units of one rate, so each group of equal charges is re-priced
// exactly (contract/domain/rate-cards.ts costOfCharge). Public-API messages sent in the period count too: what each
// still keeps, re-priced from the rate its charged step was priced at (kept on the step) to the reseller's cost then.

interface ChargeGroup {
  campaign_id: string;
  user_id: string;
  channel: "sms" | "whatsapp" | "rcs";
  category: string | null;
  /** The DLT category of the SMS template: the campaign's own (SMS) or its failover's. */
  sms_category: string | null;
  rates: Rates | null;
  started_at: string;
  paise: number;
  n: number;
  failover: boolean;
}

/** Public-API charges kept, grouped by account, rate, its paise and the reseller's card row in force at sending. */
interface ApiGroup {
  user_id: string;
  key: RateKey;
  rate: number;
  at: string;
  paise: number;
  n: number;
}

/** The rate key a group of equal charges was priced at (the campaign's channel, template and the charge). */
function keyOf(g: ChargeGroup, rates: Rates): RateKey {
  if (g.failover || g.channel === "sms") return smsRateKey(g.sms_category);
  if (g.channel === "whatsapp") return whatsappRateKey(g.category ?? "MARKETING");
  return g.paise === rates.rcs_basic && rates.rcs !== rates.rcs_basic ? "rcs_basic" : "rcs";
}

export async function marginReport(
  db: Db,
  resellerId: string,
  query: { from?: string; to?: string },
  now = new Date(),
) {
  const range = rangeOf(query, now);
  const customers = await rowsOf<{ id: string; username: string }>(
    db,
    sql`with recursive down(id, depth) as (
          select id, 1 from users where parent_id = ${resellerId}::uuid and role <> 'reseller'
          union all
          select u.id, d.depth + 1 from users u join down d on u.parent_id = d.id where d.depth < 4 and u.role <> 'reseller'
        )
        select u.id::text as id, u.username from down join users u on u.id = down.id order by u.username`,
  );
  const ids = customers.map((c) => c.id);
  const groups =
    ids.length === 0
      ? []
      : await rowsOf<ChargeGroup>(
          db,
          sql`with k as (
                select c.id, c.user_id, c.channel, c.rates, c.started_at, t.category,
                       coalesce(s.category, f.category) as sms_category
                from campaigns c left join whatsapp_templates t on c.channel = 'whatsapp' and t.id = c.template_id
                left join sms_templates s on c.channel = 'sms' and s.id = c.template_id
                left join sms_templates f on c.channel <> 'sms' and f.id::text = c.failover ->> 'smsTemplateId'
                where c.user_id = any(${pgArray(ids)}::uuid[])
                  and c.started_at >= ${range.start.toISOString()}::timestamptz
                  and c.started_at < ${range.end.toISOString()}::timestamptz
              )
              select k.id::text as campaign_id, k.user_id::text as user_id, k.channel, k.category, k.sms_category, k.rates,
                     k.started_at::text as started_at, g.paise, g.n, g.failover
              from k join lateral (
                select r.cost_paise as paise, count(*)::int as n, false as failover
                  from campaign_recipients r where r.campaign_id = k.id and r.cost_paise > 0 group by r.cost_paise
                union all
                select r.failover_cost_paise, count(*)::int, true
                  from campaign_recipients r where r.campaign_id = k.id and r.failover_cost_paise > 0
                  group by r.failover_cost_paise
              ) g on true`,
        );
  // The moments the reseller's own card changed: messages between two of them share its cost.
  const own = await cardRows(db, resellerId, "account");
  const moments = [...new Set(own.map((r) => new Date(r.effectiveFrom).toISOString()))];
  const apiGroups =
    ids.length === 0
      ? []
      : await rowsOf<ApiGroup>(
          db,
          sql`with m as (
                select m.user_id, m.cost_paise, m.created_at, m.steps -> m.charged_step as s from api_messages m
                where m.user_id = any(${pgArray(ids)}::uuid[]) and m.cost_paise > 0
                  and m.created_at >= ${range.start.toISOString()}::timestamptz
                  and m.created_at < ${range.end.toISOString()}::timestamptz
              )
              select m.user_id::text as user_id, m.s ->> 'rateKey' as key, (m.s ->> 'ratePaise')::int as rate,
                     min(m.created_at)::text as at, sum(m.cost_paise)::int as paise, count(*)::int as n
              from m where m.s ->> 'rateKey' is not null
              group by 1, 2, 3, (select max(e) from unnest(${pgArray(moments)}::timestamptz[]) e where e <= m.created_at)`,
        );
  const global = Object.fromEntries((await db.select().from(channelRates)).map((r) => [r.key, r.paise]));
  const costAt = (at: Date) => resolveRates({ global, reseller: [], account: own, at }).rates;
  const globalAt = (at: Date) => resolveRates({ global, reseller: [], account: [], at }).rates;
  const byCustomer = new Map(
    ids.map((id) => [id, { campaigns: new Set<string>(), apiMessages: 0, charged: 0, cost: 0 }]),
  );
  for (const g of groups) {
    const sum = byCustomer.get(g.user_id);
    if (!sum) continue;
    // A campaign held before cards were kept was priced at the global card; one held before the SMS categories at
    // its "sms" for them.
    const rates = g.rates ? withSmsFallback(g.rates) : globalAt(new Date(g.started_at));
    const key = keyOf(g, rates);
    const charged = g.paise * g.n;
    sum.campaigns.add(g.campaign_id);
    sum.charged += charged;
    sum.cost += costOfCharge(charged, rates[key], costAt(new Date(g.started_at))[key]);
  }
  for (const g of apiGroups) {
    const sum = byCustomer.get(g.user_id);
    if (!sum) continue;
    sum.apiMessages += g.n;
    sum.charged += g.paise;
    sum.cost += costOfCharge(g.paise, g.rate, costAt(new Date(g.at))[g.key]);
  }
  const data = customers.map((c) => {
    const s = byCustomer.get(c.id) ?? { campaigns: new Set<string>(), apiMessages: 0, charged: 0, cost: 0 };
    return {
      accountId: c.id,
      username: c.username,
      campaigns: s.campaigns.size,
      apiMessages: s.apiMessages,
      charged: s.charged / 100,
      cost: s.cost / 100,
      margin: (s.charged - s.cost) / 100,
    };
  });
  const total = [...byCustomer.values()].reduce((t, s) => ({ charged: t.charged + s.charged, cost: t.cost + s.cost }), {
    charged: 0,
    cost: 0,
  });
  return {
    success: true as const,
    from: range.from,
    to: range.to,
    data,
    total: { charged: total.charged / 100, cost: total.cost / 100, margin: (total.charged - total.cost) / 100 },
  };
}
