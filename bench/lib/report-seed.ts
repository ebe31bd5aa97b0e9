// Seeds the report bench's data in a process of its own (bench/report.mjs), so the measured process never pays for
// creating the database: an account, one campaign of N recipients in every state with timestamps and costs, and a
// reply for one in a hundred. Numbers are a permutation of the rows (as in a real audience file, their order is not
// the order of the rows). Plain set-based SQL (generate_series): a million rows in one statement.
// node --import tsx bench/lib/report-seed.ts <recipients>
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { campaigns, users } from "../../server/db/schema";

const total = Number(process.argv[2]);
const dataDir = process.env.BENCH_DATA_DIR as string;
const started = performance.now();
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: join(dataDir, "db"),
});
const { db } = database;
const stamp = Date.now();
const [user] = await db
  .insert(users)
  .values({
    username: `bench-report-${stamp}`,
    email: `bench-report-${stamp}@example.com`,
    passwordHash: "x",
    role: "manager",
    name: "Bench",
  })
  .returning();
const [campaign] = await db
  .insert(campaigns)
  .values({
    userId: user.id,
    createdBy: user.id,
    channel: "whatsapp",
    name: "Bench report campaign",
    status: "completed",
    templateId: user.id,
    templateName: "bench",
    senderLabel: "Bench · WhatsApp",
    sourceKind: "paste",
    createdAt: new Date("2024-03-10T09:00:00Z"),
    spentPaise: total * 80,
  })
  .returning();
await db.execute(sql`
  insert into campaign_recipients (campaign_id, user_id, row, number, variables, state, reason, code, cost_paise, sent_at, delivered_at, read_at, replied_at, failed_at)
  select ${campaign.id}::uuid, ${user.id}::uuid, g, '+91' || (7000000000 + (g::int8 * 7919) % ${total})::text, array['Person ' || g], s.state,
    case when s.state = 'failed' then 'Message undeliverable' end, case when s.state = 'failed' then '131026' end,
    case when s.state = 'queued' then 0 else 80 end,
    case when s.state not in ('queued') then t end,
    case when s.state in ('delivered', 'read', 'replied') then t + interval '3 seconds' end,
    case when s.state in ('read', 'replied') then t + interval '40 seconds' end,
    case when s.state = 'replied' then t + interval '90 seconds' end,
    case when s.state = 'failed' then t + interval '5 seconds' end
  from generate_series(1, ${total}) g
  cross join lateral (select timestamptz '2024-03-10 10:00:00+00' + (g * interval '10 milliseconds') as t,
    case when g % 100 < 60 then 'delivered' when g % 100 < 80 then 'read' when g % 100 < 81 then 'replied'
         when g % 100 < 93 then 'sent' when g % 100 < 97 then 'failed' else 'queued' end as state) s`);
await db.execute(sql`
  insert into inbound_messages (user_id, channel, from_number, to_address, text, campaign_id, recipient_id, received_at)
  select user_id, 'whatsapp', number, 'bench', 'Yes, please', campaign_id, id, replied_at from campaign_recipients
  where campaign_id = ${campaign.id}::uuid and state = 'replied'`);
await database.close();
process.stdout.write(
  `${JSON.stringify({ userId: user.id, campaignId: campaign.id, seconds: (performance.now() - started) / 1000 })}\n`,
);
