// The reads bench's body for one size (run by bench/reads.mjs through tsx). Seeds RECIPIENTS campaign recipients for
// globex with generate_series (half in one campaign whose sends span two days, the rest in 99 others; a mix of states,
// codes and replies) and CONVERSATIONS inbox conversations, ANALYZEs, then times the campaign and inbox read calls
// through the app (app.inject: handler, checks, SQL) beside a primary-key read, and writes p50/p95 to BENCH_OUT.
import { rmSync, writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { PASSWORD, startSeedApp } from "./lib/seed-app";
import { rowsOf } from "../server/db/sql";
import { encodeRecipientCursor } from "../server/services/campaigns/recipient-cursor";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const OTHERS = 99;
const BIG = Math.floor(RECIPIENTS / 2);
const PER_OTHER = Math.ceil((RECIPIENTS - BIG) / OTHERS);
const CHUNK = 100_000;

const { dataDir, database, app } = await startSeedApp("reads");
const { db } = database;
const [globex] = await rowsOf<{ id: string }>(db, sql`select id::text from users where username = 'globex'`);

// PostgreSQL is one database for every size: the last size's campaigns and conversations go first (cascading to
// their recipients and rollups), so each size is seeded alone as on PGlite's fresh data directory.
await db.execute(sql`delete from campaigns where name like 'readsbench %'`);
await db.execute(sql`delete from conversations where business_address = 'bench-pn'`);
const seedStart = performance.now();
await db.execute(sql`
  insert into campaigns (user_id, created_by, channel, name, status, template_id, template_name, source_kind, started_at, completed_at, created_at, settled_at)
  select ${globex.id}::uuid, ${globex.id}::uuid, (array['whatsapp', 'sms', 'rcs'])[1 + g % 3], 'readsbench ' || lpad(g::text, 3, '0'),
         'completed', gen_random_uuid(), 'bench_template', 'paste', now() - ((g % 30) || ' days')::interval - interval '2 days',
         now() - ((g % 30) || ' days')::interval, now() - ((g % 30) || ' days')::interval - interval '3 days', now()
  from generate_series(0, ${OTHERS}::int) g`);
const campaignsByName = await rowsOf<{ id: string; started: string }>(
  db,
  sql`select id::text, started_at::text as started from campaigns where name like 'readsbench %' order by name`,
);
const big = campaignsByName[0];
/** `count` recipients of one campaign from row `first`, sends spread over `spanSeconds` from its start. */
const seed = async (campaign: { id: string; started: string }, first: number, count: number, spanSeconds: number) => {
  await db.execute(sql`
    insert into campaign_recipients (campaign_id, user_id, "row", number, variables, state, code, reason, cost_paise, sent_at, delivered_at, read_at, replied_at, failed_at)
    select ${campaign.id}::uuid, ${globex.id}::uuid, g, '+9198' || lpad(g::text, 8, '0'), '{}'::text[], x.state,
           case when x.state = 'failed' then (array['131026', '131049', 'UNDELIV:001', '404'])[1 + g % 4] end,
           case when x.state = 'failed' then 'bench failure' end,
           case when x.state in ('queued', 'failed') then 0 else 20 end,
           case when x.state <> 'queued' then x.at end,
           case when x.state in ('delivered', 'read', 'replied') then x.at + interval '20 seconds' end,
           case when x.state in ('read', 'replied') then x.at + interval '90 seconds' end,
           case when x.state = 'replied' then x.at + interval '5 minutes' end,
           case when x.state = 'failed' then x.at + interval '20 seconds' end
    from generate_series(${first}::int, ${first + count - 1}::int) g
    cross join lateral (select ${campaign.started}::timestamptz + ((g::bigint * ${spanSeconds}::int) / ${first + count}::int) * interval '1 second' as at,
      case when g % 100 = 0 then 'replied' when g % 100 < 46 then 'delivered' when g % 100 < 71 then 'read'
           when g % 100 < 81 then 'failed' when g % 100 < 91 then 'sent' else 'queued' end as state) x`);
};
for (let first = 1; first <= BIG; first += CHUNK) await seed(big, first, Math.min(CHUNK, BIG - first + 1), 2 * 86_400);
for (const campaign of campaignsByName.slice(1)) await seed(campaign, 1, PER_OTHER, 36_000);
await db.execute(sql`
  insert into conversations (user_id, channel, customer_number, business_address, last_message_at, last_message_text, last_inbound_at)
  select ${globex.id}::uuid, (array['whatsapp', 'sms', 'rcs'])[1 + g % 3], '+9197' || lpad(g::text, 8, '0'), 'bench-pn',
         now() - (g || ' minutes')::interval, 'Reply number ' || g, now() - (g || ' minutes')::interval
  from generate_series(1, ${CONVERSATIONS}::int) g`);
await db.execute(sql`analyze`);
const seconds = ((performance.now() - seedStart) / 1000).toFixed(1);
console.log(
  `\n${database.kind}: seeded ${RECIPIENTS.toLocaleString("en-IN")} recipients (${BIG.toLocaleString("en-IN")} in one campaign) and ${CONVERSATIONS.toLocaleString("en-IN")} conversations in ${seconds} s`,
);

const login = await app.inject({
  method: "POST",
  url: "/api/v1/auth/login",
  payload: { email: "globex", password: PASSWORD },
});
const token = (login.json() as { data: { token: string } }).data.token;
const get = async (url: string) => {
  const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.body.length;
};
// Page 1000 of 10 starts after row 9,990; a campaign smaller than 20,000 is paged to its middle instead.
const deepRow = Math.min(9_990, Math.floor(BIG / 20) * 10);
const deepPage = deepRow / 10 + 1;
console.log(`  (the deep page is page ${deepPage} of 10 rows)`);
const [deep] = await rowsOf<{ row: number; id: number }>(
  db,
  sql`select "row", id::int from campaign_recipients where campaign_id = ${big.id}::uuid and "row" = ${deepRow}`,
);
const cursor = encodeRecipientCursor(deep);
const r = `/api/campaigns/responses?campaignId=${big.id}`;
const QUERIES: [string, string][] = [
  ["baseline: one campaign by primary key", `/api/v1/campaigns/${big.id}`],
  ["campaign list, page 1", "/api/v1/campaigns?page=1&limit=10"],
  ["campaign list, page 10", "/api/v1/campaigns?page=10&limit=10"],
  ["responses, page 1", `${r}&page=1&limit=10`],
  ["responses, deep page (offset)", `${r}&page=${deepPage}&limit=10`],
  ["responses, deep page (cursor)", `${r}&page=${deepPage}&limit=10&cursor=${cursor}`],
  ["responses, status = replied", `${r}&status=replied&page=1&limit=10`],
  ["campaign status (report)", `/api/reports/campaignStatus/${big.id}`],
  ["inbox, all, page 1", "/api/v1/chats?page=1&limit=20"],
  ["inbox, number fragment search", "/api/v1/chats?page=1&limit=20&q=00777"],
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const results: Record<string, { p50: number; p95: number; bytes: number }> = {};
for (const [label, url] of QUERIES) {
  await get(url);
  const bytes = await get(url);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await get(url);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  results[label] = { p50: pct(times, 50), p95: pct(times, 95), bytes };
  console.log(
    `  ${label.padEnd(40)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p95 ${pct(times, 95).toFixed(1).padStart(7)} ms   ${(bytes / 1024).toFixed(1).padStart(7)} KB`,
  );
}
// Before, side by side in the same run: the statements the old code sent for the responses page (an ORDER BY over the
// campaign with no (campaign, row) index, and a count(*) over it) and for the report (every recipient x five times,
// and the failures grouped), timed in a transaction that drops the new indexes and rolls back. SQL only: the app's
// own work (checks, rendering) is left out, so these understate the old calls a little.
const BEFORE_RUNS = Number(process.env.BENCH_BEFORE_RUNS ?? 5);
const before: [string, ReturnType<typeof sql>[]][] = [
  [
    "before: responses, page 1",
    [
      sql`select * from campaign_recipients where campaign_id = ${big.id}::uuid order by "row", id limit 10 offset 0`,
      sql`select count(*) from campaign_recipients where campaign_id = ${big.id}::uuid`,
    ],
  ],
  [
    "before: responses, deep page (offset)",
    [
      sql`select * from campaign_recipients where campaign_id = ${big.id}::uuid order by "row", id limit 10 offset ${deepRow}`,
      sql`select count(*) from campaign_recipients where campaign_id = ${big.id}::uuid`,
    ],
  ],
  [
    "before: report's timeline + errors",
    [
      sql`select date_trunc('minute', e.at) as at, count(*) filter (where e.kind = 'sent')::int as sent,
            count(*) filter (where e.kind = 'delivered')::int as delivered, count(*) filter (where e.kind = 'read')::int as read,
            count(*) filter (where e.kind = 'replied')::int as replied, count(*) filter (where e.kind = 'failed')::int as failed
          from campaign_recipients r
          cross join lateral (values ('sent', r.sent_at), ('delivered', r.delivered_at), ('read', r.read_at), ('replied', r.replied_at), ('failed', r.failed_at)) as e(kind, at)
          where r.campaign_id = ${big.id}::uuid and e.at is not null and e.at >= date_trunc('minute', ${big.started}::timestamptz)
          group by 1 order by 1`,
      sql`select coalesce(reason, 'Unknown'), code, count(*)::int from campaign_recipients
          where campaign_id = ${big.id}::uuid and state = 'failed' group by 1, 2 order by 3 desc, 1`,
    ],
  ],
];
class RolledBack extends Error {}
await db
  .transaction(async (tx) => {
    await tx.execute(sql`drop index campaign_recipients_row_idx`);
    await tx.execute(sql`drop index campaign_recipients_state_row_idx`);
    for (const [label, statements] of before) {
      const times: number[] = [];
      for (let i = 0; i < BEFORE_RUNS + 1; i++) {
        const t = performance.now();
        for (const statement of statements) await tx.execute(statement);
        if (i > 0) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      results[label] = { p50: pct(times, 50), p95: pct(times, 95), bytes: 0 };
      console.log(
        `  ${label.padEnd(40)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p95 ${pct(times, 95).toFixed(1).padStart(7)} ms   (SQL only, ${BEFORE_RUNS} runs)`,
      );
    }
    throw new RolledBack();
  })
  .catch((e: unknown) => {
    if (!(e instanceof RolledBack)) throw e;
  });

if (process.env.BENCH_OUT)
  writeFileSync(process.env.BENCH_OUT, JSON.stringify({ kind: database.kind, RECIPIENTS, CONVERSATIONS, results }));
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
