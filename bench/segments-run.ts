// The segments bench's body (run by bench/segments.mjs through tsx). Seeds CONTACTS contacts of the manager (a city
// attribute, one in five labelled vip) and ten campaigns that each reached every contact (ten recipients per contact,
// sent over the last 100 days), saves a mixed segment and times its count call through the app beside count(*) of the
// owner's contacts.
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { PASSWORD, startSeedApp } from "./lib/seed-app";
import { rowsOf } from "../server/db/sql";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = Number(process.env.BENCH_GOAL_MS ?? 2000);
const CAMPAIGNS = 10;

const { dataDir, database, app } = await startSeedApp("segments");
const { db } = database;
const [{ id: owner }] = await rowsOf<{ id: string }>(db, sql`select id::text from users where username = 'manager'`);

const seedStart = performance.now();
await db.execute(sql`insert into contact_attribute_defs (user_id, key, label, type) values (${owner}::uuid, 'city', 'City', 'text')
  on conflict do nothing`);
const CHUNK = 250_000;
for (let first = 1; first <= CONTACTS; first += CHUNK) {
  await db.execute(sql`
    insert into contacts (user_id, number, name, labels, attributes, source)
    select ${owner}::uuid, '+9197' || lpad(g::text, 8, '0'), 'Person ' || g,
           case when g % 5 = 0 then '{vip}'::text[] else '{}'::text[] end,
           jsonb_build_object('city', (array['Delhi','Mumbai','Pune','Chennai','Kolkata','Jaipur','Surat','Indore','Bhopal','Patna'])[1 + g % 10]),
           'import'
    from generate_series(${first}::int, ${Math.min(CONTACTS, first + CHUNK - 1)}::int) g`);
}
await db.execute(sql`
  insert into campaigns (user_id, created_by, channel, name, status, template_id, template_name, source_kind, started_at, created_at)
  select ${owner}::uuid, ${owner}::uuid, 'sms', 'segbench ' || k, 'completed', gen_random_uuid(), 'bench', 'paste',
         now() - ((k * 10) || ' days')::interval, now() - ((k * 10) || ' days')::interval
  from generate_series(0, ${CAMPAIGNS - 1}::int) k`);
// One campaign a statement (every contact once); campaign k sent k*10 days ago, so two of ten are in the last 30 days.
for (const k of Array.from({ length: CAMPAIGNS }, (_, i) => i)) {
  for (let first = 1; first <= CONTACTS; first += CHUNK) {
    await db.execute(sql`
      insert into campaign_recipients (campaign_id, user_id, row, number, variables, state, cost_paise, sent_at, delivered_at)
      select c.id, c.user_id, g, '+9197' || lpad(g::text, 8, '0'), '{}'::text[], 'delivered', 20, c.started_at, c.started_at
      from campaigns c cross join generate_series(${first}::int, ${Math.min(CONTACTS, first + CHUNK - 1)}::int) g
      where c.name = ${`segbench ${k}`}`);
  }
}
await db.execute(sql`analyze`);
const [{ n: recipients }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from campaign_recipients`);
console.log(
  `\n${database.kind}: seeded ${CONTACTS.toLocaleString("en-IN")} contacts and ${recipients.toLocaleString("en-IN")} campaign recipients in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const login = await app.inject({
  method: "POST",
  url: "/api/v1/auth/login",
  payload: { email: "manager", password: PASSWORD },
});
const token = (login.json() as { data: { token: string } }).data.token;
const headers = { authorization: `Bearer ${token}` };
const definition = {
  join: "and",
  groups: [
    {
      join: "and",
      conditions: [
        { kind: "attribute", key: "city", op: "eq", value: "Delhi" },
        { kind: "label", op: "has", label: "vip" },
        { kind: "engagement", event: "received", days: 30 },
      ],
    },
  ],
};
const saved = await app.inject({
  method: "POST",
  url: "/api/v1/contacts/segments",
  headers,
  payload: { name: "Bench mixed", definition },
});
if (saved.statusCode !== 201) throw new Error(`save: ${saved.statusCode} ${saved.body}`);
const id = (saved.json() as { data: { id: string } }).data.id;

const time = async (fn: () => Promise<number>) => {
  await fn();
  const times: number[] = [];
  let value = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    value = await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], worst: times[times.length - 1], value };
};
const baseline = await time(
  async () =>
    (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from contacts where user_id = ${owner}::uuid`))[0].n,
);
const count = await time(async () => {
  const res = await app.inject({ method: "GET", url: `/api/v1/contacts/segments/${id}/count`, headers });
  if (res.statusCode !== 200) throw new Error(`count: ${res.statusCode} ${res.body}`);
  return (res.json() as { count: number }).count;
});
console.log(`\n${database.kind}: ${RUNS} runs each after a warm-up`);
console.log(
  `  baseline count(*) of the owner's contacts   median ${baseline.median.toFixed(0).padStart(6)} ms  worst ${baseline.worst.toFixed(0).padStart(6)} ms  (${baseline.value})`,
);
console.log(
  `  mixed segment count (city + vip + received 30 d)  median ${count.median.toFixed(0).padStart(6)} ms  worst ${count.worst.toFixed(0).padStart(6)} ms  (${count.value})  goal < ${GOAL_MS} ms: ${count.worst < GOAL_MS ? "met" : "MISSED"}`,
);
const plan = await rowsOf<Record<string, string>>(
  db,
  sql`explain select count(*) from contacts c where c.user_id = ${owner}::uuid and c.attributes ->> 'city' = 'Delhi' and c.labels @> '{vip}'
      and exists (select 1 from campaign_recipients r where r.number = c.number and r.user_id = ${owner}::uuid and r.sent_at >= now() - interval '30 days')`,
);
console.log(`\nplan (the same shape):\n${plan.map((r) => Object.values(r)[0]).join("\n")}`);
await app.close();
// PGlite keeps gigabytes on disk at a million contacts: nothing to keep once the figures are printed.
rmSync(dataDir, { recursive: true, force: true });
