// The message-log bench's body (run by bench/message-log.mjs through tsx). Seeds RECIPIENTS campaign recipients with
// generate_series (100 campaigns of the manager and of globex over the last 30 days, a mix of states, codes and
// costs), a tenth as many public-API messages and inbox messages, then times the log's calls through the app
// (app.inject: the handler, its checks and its SQL) as the manager, beside a primary-key read in the same run.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { PASSWORD, startSeedApp } from "./lib/seed-app";
import { rowsOf } from "../server/db/sql";
import { apiBranch, campaignBranch, chatBranch } from "../server/services/message-log/branches";
import { readFilters } from "../server/services/message-log/filters";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const CAMPAIGNS = 100;
const PER_CAMPAIGN = Math.ceil(RECIPIENTS / CAMPAIGNS);
const OTHERS = Math.ceil(RECIPIENTS / 10);
const GOAL_MS = 100;

const { dataDir, database, app } = await startSeedApp("message-log");
const { db } = database;
const ids = Object.fromEntries(
  (await rowsOf<{ username: string; id: string }>(db, sql`select username, id::text from users`)).map((u) => [
    u.username,
    u.id,
  ]),
);

const seedStart = performance.now();
await db.execute(sql`
  insert into campaigns (user_id, created_by, channel, name, status, template_id, template_name, source_kind, started_at, created_at, settled_at)
  select case when g % 2 = 0 then ${ids.manager}::uuid else ${ids.globex}::uuid end,
         case when g % 2 = 0 then ${ids.manager}::uuid else ${ids.globex}::uuid end,
         (array['whatsapp', 'sms', 'rcs'])[1 + g % 3], 'logbench ' || g, 'completed', gen_random_uuid(), 'bench_template',
         'paste', date_trunc('day', now()) - ((g % 30) || ' days')::interval + interval '4 hours 30 minutes',
         date_trunc('day', now()) - ((g % 30) || ' days')::interval + interval '4 hours', now()
  from generate_series(1, ${CAMPAIGNS}) g`);
// Settled, as history is: the settlement job has nothing to give back (a failed message's charge already returned).
// Recipients 10 campaigns a statement; numbers repeat across campaigns (one person in many campaigns), so a number
// search finds several rows. The rollup's trigger runs once per statement.
for (let first = 1; first <= CAMPAIGNS; first += 10) {
  await db.execute(sql`
    insert into campaign_recipients (campaign_id, user_id, row, number, variables, state, code, reason, cost_paise, provider_message_id, sent_at, delivered_at, read_at, failed_at)
    select x.id, x.user_id, x.g, x.number, '{}'::text[], x.state,
           case when x.state = 'failed' then (array['131026', '131049', 'UNDELIV:001', '404'])[1 + x.g % 4] end,
           case when x.state = 'failed' then 'bench failure' end,
           case when x.state in ('queued', 'skipped', 'failed') then 0 else 20 + x.g % 5 end,
           case when x.state not in ('queued', 'skipped') then 'wamid.' || x.seq || '.' || x.g end,
           case when x.state in ('queued', 'skipped') then null else x.at end,
           case when x.state in ('delivered', 'read') then x.at + interval '20 seconds' end,
           case when x.state = 'read' then x.at + interval '90 seconds' end,
           case when x.state = 'failed' then x.at + interval '20 seconds' end
    from (
      select c.id, c.user_id, c.seq, g, '+9198' || lpad((g % 200000)::text, 8, '0') as number,
             c.started_at + ((g::bigint * 36000 / ${PER_CAMPAIGN}) || ' seconds')::interval as at,
             case when g % 100 < 45 then 'delivered' when g % 100 < 70 then 'read' when g % 100 < 82 then 'sent'
                  when g % 100 < 92 then 'failed' when g % 100 < 96 then 'queued' else 'skipped' end as state
      from (select id, user_id, started_at, row_number() over (order by name) as seq from campaigns where name like 'logbench %') c
      cross join generate_series(1, ${PER_CAMPAIGN}) g
      where c.seq between ${first} and ${first + 9}
    ) x`);
}
await db.execute(sql`
  insert into api_keys (user_id, name, public_id, secret_hash, scopes)
  values (${ids.manager}::uuid, 'bench', 'bench-key', 'x', '{messages:send}')`);
await db.execute(sql`
  insert into api_messages (id, user_id, api_key_id, request_id, to_number, steps, channel, sender, state, cost_paise, provider_message_id, history, created_at)
  select gen_random_uuid(), ${ids.manager}::uuid, (select id from api_keys where public_id = 'bench-key'), gen_random_uuid(),
         '+9198' || lpad((g % 200000)::text, 8, '0'),
         '[{"channel":"sms","from":"RTSEND","content":{"kind":"text","text":"Your code is 1234"},"costPaise":25}]'::jsonb,
         'sms', 'RTSEND', case when g % 10 = 0 then 'failed' else 'delivered' end, 25, 'api.' || g,
         jsonb_build_array(jsonb_build_object('status', 'sent', 'channel', 'sms', 'at', now() - ((g::bigint * 2592000 / ${OTHERS}) || ' seconds')::interval)),
         now() - ((g::bigint * 2592000 / ${OTHERS}) || ' seconds')::interval
  from generate_series(1, ${OTHERS}) g`);
await db.execute(sql`
  insert into conversations (user_id, channel, customer_number, business_address)
  select ${ids.manager}::uuid, 'whatsapp', '+9198' || lpad(g::text, 8, '0'), 'bench-pn' from generate_series(1, ${Math.ceil(OTHERS / 10)}) g`);
await db.execute(sql`
  insert into chat_messages (conversation_id, user_id, direction, text, status, created_at)
  select v.id, ${ids.manager}::uuid, case when g % 3 = 0 then 'in' else 'out' end, 'Reply ' || g, 'delivered',
         now() - ((g::bigint * 2592000 / ${OTHERS}) || ' seconds')::interval
  from (select id, row_number() over () as n from conversations where business_address = 'bench-pn') v
  join generate_series(1, ${OTHERS}) g on v.n = 1 + g % ${Math.ceil(OTHERS / 10)}`);
await db.execute(sql`analyze`);
const [{ n: recipients }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from campaign_recipients`);
console.log(
  `\n${database.kind}: seeded ${recipients.toLocaleString("en-IN")} campaign recipients, ${OTHERS.toLocaleString("en-IN")} API and ` +
    `${OTHERS.toLocaleString("en-IN")} inbox messages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const login = await app.inject({
  method: "POST",
  url: "/api/v1/auth/login",
  payload: { email: "manager", password: PASSWORD },
});
const token = (login.json() as { data: { token: string } }).data.token;
const get = async (url: string) => {
  const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res.json() as { nextCursor?: string | null; data: unknown[] };
};
const [campaign] = await rowsOf<{ id: string }>(
  db,
  sql`select id::text from campaigns where user_id = ${ids.manager}::uuid and name like 'logbench %' limit 1`,
);
// Whole UTC days: the campaigns of 10 days ago sent from 04:30 to 14:30 UTC that day.
const midnight = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const [provider] = await rowsOf<{ id: string }>(
  db,
  sql`select provider_message_id as id from campaign_recipients where user_id = ${ids.manager}::uuid and provider_message_id is not null limit 1 offset 1000`,
);
const day = (daysAgo: number) => new Date(midnight - daysAgo * 86_400_000).toISOString();
const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
const range = { from: day(10), to: day(9) };
const second = (await get(`/api/v1/message-log?${q(range)}`)).nextCursor ?? "";
// A number every campaign, the API and the inbox messaged (row 777 of each campaign).
const number = "+919800000777";

const QUERIES: [string, string][] = [
  ["baseline: one campaign by primary key", `/api/v1/campaigns/${campaign.id}`],
  ["number search (full number)", `/api/v1/message-log?${q({ number })}`],
  ["date-range page (one day, 10 days ago)", `/api/v1/message-log?${q(range)}`],
  ["date-range page 2 (cursor)", `/api/v1/message-log?${q({ ...range, cursor: second })}`],
  ["newest page, no filter", "/api/v1/message-log"],
  ["failed in one day", `/api/v1/message-log?${q({ ...range, status: "failed" })}`],
  ["provider's id", `/api/v1/message-log?${q({ id: provider.id })}`],
  ["one campaign", `/api/v1/message-log?${q({ campaignId: campaign.id })}`],
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
console.log(
  `\n${database.kind}: ${RUNS} runs each after 2 warm-ups, through app.inject (handler, checks, SQL), 50 rows a page; goal p95 < ${GOAL_MS} ms`,
);
const results: Record<string, number> = {};
for (const [label, url] of QUERIES) {
  await get(url);
  const first = await get(url);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await get(url);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  results[label] = pct(times, 95);
  console.log(
    `  ${label.padEnd(42)} p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p95 ${pct(times, 95).toFixed(1).padStart(7)} ms   rows ${Array.isArray(first.data) ? first.data.length : 1}`,
  );
}
for (const label of ["number search (full number)", "date-range page (one day, 10 days ago)"])
  console.log(`  ${label}: ${results[label] < GOAL_MS ? "under" : "OVER"} the ${GOAL_MS} ms goal`);

// Which indexes the two searches read (the campaign branch, the biggest table).
const indexesOf = async (query: ReturnType<typeof sql>) => {
  const plan = await rowsOf<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object")
      for (const [k, v] of Object.entries(node)) {
        if (k === "Index Name" && typeof v === "string") names.add(v);
        walk(v);
      }
  };
  walk(plan.map((r) => Object.values(r)[0]).map((v) => (typeof v === "string" ? JSON.parse(v) : v)));
  return [...names].join(", ") || "(sequential scan)";
};
console.log(
  `\nnumber search reads: ${await indexesOf(sql`select r.id from campaign_recipients r where r.user_id = ${ids.manager}::uuid and coalesce(r.sent_at, r.failed_at) is not null and r.number = ${number} order by coalesce(r.sent_at, r.failed_at) desc, r.id desc limit 51`)}`,
);
console.log(
  `date-range page reads: ${await indexesOf(sql`select r.id from campaign_recipients r where r.user_id = ${ids.manager}::uuid and coalesce(r.sent_at, r.failed_at) is not null and coalesce(r.sent_at, r.failed_at) >= ${range.from}::timestamptz and coalesce(r.sent_at, r.failed_at) < ${range.to}::timestamptz order by coalesce(r.sent_at, r.failed_at) desc, r.id desc limit 51`)}`,
);

// BENCH_EXPLAIN=1: the plans of the three statements of a number search and a date-range page, with their timings.
if (process.env.BENCH_EXPLAIN) {
  const explaining = {
    execute: async (query: ReturnType<typeof sql>) => {
      const plan = await rowsOf<Record<string, string>>(db, sql`explain (analyze, buffers) ${query}`);
      console.log(plan.map((r) => Object.values(r)[0]).join("\n"));
      return { rows: [] };
    },
  } as unknown as typeof db;
  for (const query of [{ number }, range]) {
    console.log(`\nplans of ${JSON.stringify(query)}:`);
    const f = readFilters(query);
    await campaignBranch(explaining, ids.manager, f);
    await apiBranch(explaining, ids.manager, f);
    await chatBranch(explaining, ids.manager, f);
  }
}

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
