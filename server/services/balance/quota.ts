import { Readable } from "node:stream";
import { sql, type SQL } from "drizzle-orm";
import type { LedgerKind, LedgerRow, QuotaSummary } from "../../../contract/calls";
import { eachDay, REPORT_TIME_ZONE } from "../../../contract/domain/dashboards";
import type { Db } from "../../db/client";
import { csvLine } from "../campaigns/csv-safe";
import { rowsOf } from "../../db/sql";
import type { Caller } from "../caller";
import { rupees } from "../dashboard/figures";
import type { ReportRange } from "../dashboard/range";

// Quota reports (admin), quota management (reseller) and a manager's quota: the ledger of the caller and the
// accounts it reaches, by day, account and kind; top-ups, deductions and message spend per day; balance requests
// by outcome. Money sums stay in numeric (ledger) or integer paise (rollup) until the edge.

/** Whose ledger: one account (already checked to be the caller or in reach), or the caller and everyone it reaches. */
export function quotaAccounts(caller: Caller, accountId: string | undefined): SQL | undefined {
  if (accountId) return sql`(select ${accountId}::uuid)`;
  if (caller.role === "admin") return undefined;
  return sql`(select ${caller.id}::uuid union all select u.id from users u where u.parent_id = ${caller.id})`;
}

export interface LedgerFilter {
  accounts: SQL | undefined;
  range: ReportRange;
  kind?: LedgerKind;
}

function ledgerWhere({ accounts, range, kind }: LedgerFilter): SQL {
  return sql`l.created_at >= ${range.start.toISOString()}::timestamptz and l.created_at < ${range.end.toISOString()}::timestamptz
    ${accounts ? sql`and l.user_id in ${accounts}` : sql``} ${kind ? sql`and l.kind = ${kind}` : sql``}`;
}

interface LedgerSqlRow {
  id: string;
  user_id: string;
  username: string;
  amount: string;
  balance_after: string;
  kind: LedgerKind;
  note: string;
  actor: string | null;
  created_at: string | Date;
}

async function ledgerRows(db: Db, filter: LedgerFilter, limit: number, offset: number): Promise<LedgerRow[]> {
  const rows = await rowsOf<LedgerSqlRow>(
    db,
    sql`select l.id::text, l.user_id::text, u.username, l.amount::text, l.balance_after::text, l.kind, l.note, a.username as actor, l.created_at
        from balance_ledger l join users u on u.id = l.user_id left join users a on a.id = l.actor_id
        where ${ledgerWhere(filter)}
        order by l.created_at desc, l.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    _id: r.id,
    userId: r.user_id,
    username: r.username,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    kind: r.kind,
    note: r.note,
    actor: r.actor ?? "",
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function quotaLedgerPage(db: Db, filter: LedgerFilter, limit: number, offset: number) {
  const [{ n }] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from balance_ledger l where ${ledgerWhere(filter)}`,
  );
  return { count: n, rows: await ledgerRows(db, filter, limit, offset) };
}

const COLUMNS = ["date", "account", "kind", "amount_inr", "balance_after_inr", "note", "by"] as const;
const EXPORT_PAGE = 1000;

/** The filtered ledger as CSV, newest first, a page at a time as the response is read; notes are formula-safe. */
export function quotaLedgerCsv(db: Db, filter: LedgerFilter): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield csvLine(COLUMNS);
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const rows = await ledgerRows(db, filter, EXPORT_PAGE, offset);
      yield rows
        .map((r) =>
          csvLine([r.createdAt, r.username, r.kind, r.amount.toFixed(2), r.balanceAfter.toFixed(2), r.note, r.actor]),
        )
        .join("");
      if (rows.length < EXPORT_PAGE) return;
    }
  }
  return Readable.from(lines());
}

/** Top-ups, deductions, holds and releases per reporting day from the ledger; message spend per day from the rollup. */
export async function quotaSummary(db: Db, accounts: SQL | undefined, range: ReportRange): Promise<QuotaSummary> {
  const filter = ledgerWhere({ accounts, range });
  const money = await rowsOf<{ day: string; top_ups: string; deductions: string; held: string; released: string }>(
    db,
    sql`select ((l.created_at at time zone ${REPORT_TIME_ZONE})::date)::text as day,
               coalesce(sum(l.amount) filter (where l.kind in ('credit', 'transfer_in')), 0)::text as top_ups,
               coalesce(-sum(l.amount) filter (where l.kind in ('debit', 'transfer_out')), 0)::text as deductions,
               coalesce(-sum(l.amount) filter (where l.kind = 'campaign_hold'), 0)::text as held,
               coalesce(sum(l.amount) filter (where l.kind = 'campaign_release'), 0)::text as released
        from balance_ledger l where ${filter} group by 1`,
  );
  const spend = await rowsOf<{ day: string; paise: number }>(
    db,
    sql`select s.day::text as day, sum(s.cost_paise)::float8 as paise from recipient_daily_stats s
        where s.day >= ${range.from}::date and s.day <= ${range.to}::date and s.state in ('sent','unknown','delivered','read','replied','failed')
          ${accounts ? sql`and s.user_id in ${accounts}` : sql``}
        group by 1`,
  );
  const [balance] = await rowsOf<{ total: string }>(
    db,
    sql`select coalesce(sum(u.balance), 0)::text as total from users u ${accounts ? sql`where u.id in ${accounts}` : sql``}`,
  );
  const [requests] = await rowsOf<{ pending: number; approved: number; rejected: number; approved_amount: string }>(
    db,
    sql`select (count(*) filter (where r.status = 'pending'))::int as pending, (count(*) filter (where r.status = 'approved'))::int as approved,
               (count(*) filter (where r.status = 'rejected'))::int as rejected,
               coalesce(sum(r.amount) filter (where r.status = 'approved'), 0)::text as approved_amount
        from balance_requests r
        where r.created_at >= ${range.start.toISOString()}::timestamptz and r.created_at < ${range.end.toISOString()}::timestamptz
          ${accounts ? sql`and r.user_id in ${accounts}` : sql``}`,
  );
  const days = new Map(
    eachDay(range.from, range.to).map((date) => [date, { date, topUps: 0, deductions: 0, spent: 0 }]),
  );
  const totals = { topUps: 0, deductions: 0, spent: 0, held: 0, released: 0, balance: Number(balance?.total ?? 0) };
  // Rupee strings from numeric sums: cents as integers, so the totals add up exactly.
  const cents = (value: string) => Math.round(Number(value) * 100);
  const sums = { topUps: 0, deductions: 0, spent: 0, held: 0, released: 0 };
  for (const m of money) {
    const day = days.get(m.day);
    if (day) {
      day.topUps = cents(m.top_ups) / 100;
      day.deductions = cents(m.deductions) / 100;
    }
    sums.topUps += cents(m.top_ups);
    sums.deductions += cents(m.deductions);
    sums.held += cents(m.held);
    sums.released += cents(m.released);
  }
  for (const s of spend) {
    const day = days.get(s.day);
    if (day) day.spent = rupees(s.paise);
    sums.spent += Math.round(s.paise);
  }
  for (const key of Object.keys(sums) as (keyof typeof sums)[]) totals[key] = sums[key] / 100;
  return {
    from: range.from,
    to: range.to,
    series: [...days.values()],
    totals,
    requests: {
      pending: requests?.pending ?? 0,
      approved: requests?.approved ?? 0,
      rejected: requests?.rejected ?? 0,
      approvedAmount: Number(requests?.approved_amount ?? 0),
    },
  };
}
