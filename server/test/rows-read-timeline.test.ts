// Rows read by the customer's timeline (issue 40 item 7): one number with a 10,000-message WhatsApp thread, a
// 2,000-message SMS thread, 2,000 public-API messages and 60 campaigns, among 20,000 other messages of other
// numbers, seeded and ANALYZEd; each page through the app is re-run under EXPLAIN ANALYZE (rows-read.ts) and must read
// at most 5 x its page + a constant, first page and deep cursor alike. Ordering the threads by time over the id index
// (or merging after reading a whole thread) reads 10,000 and fails here.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import type { Database } from "../db/client";
import { rowsOf } from "../db/sql";
import { encodeCursor } from "../services/message-log/filters";
import { insertCampaign } from "./campaign-read-fixtures";
import { DEMO_PASSWORD, demoSessions, freshDatabase } from "./harness";
import { insertApiMessages } from "./message-log-fixtures";
import { isRead, rowsRead, statementRecorder } from "./rows-read";

const NUMBER = "+919800055001";
const WA_MESSAGES = 10_000;
const SMS_MESSAGES = 2_000;
const API_MESSAGES = 2_000;
const CAMPAIGNS = 60;
/** The session, the conversation, the erased check and the number's campaign recipients (all of them: see docs). */
const CONSTANT = 300;

const recorder = statementRecorder();
let database: Database;
let app: FastifyInstance;
let token = "";
let wa = "";
let deepCursor = "";
const base = Date.UTC(2030, 5, 1);

async function thread(db: Database["db"], owner: string, channel: string, number: string, n: number, step: number) {
  const [row] = await rowsOf<{ id: string }>(
    db,
    sql`insert into conversations (user_id, channel, customer_number, business_address)
      values (${owner}, ${channel}, ${number}, ${`timeline-${channel}`}) returning id::text as id`,
  );
  await db.execute(sql`insert into chat_messages (conversation_id, user_id, direction, text, status, created_at)
    select ${row!.id}::uuid, ${owner}::uuid, case when g % 3 = 0 then 'in' when g % 7 = 0 then 'note' else 'out' end,
      'message ' || g, 'delivered', ${new Date(base).toISOString()}::timestamptz + g * ${step} * interval '1 second'
    from generate_series(1, ${n}) g`);
  return row!.id;
}

beforeAll(async () => {
  database = await freshDatabase({ queryLog: recorder.queryLog });
  app = await buildApp({
    database,
    logger: false,
    config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "x" },
  });
  await app.ready();
  const { db } = database;
  const session = await demoSessions(app).login("manager");
  token = session.token;
  wa = await thread(db, session.id, "whatsapp", NUMBER, WA_MESSAGES, 60);
  await thread(db, session.id, "sms", NUMBER, SMS_MESSAGES, 170);
  for (let i = 0; i < 20; i++)
    await thread(db, session.id, "whatsapp", `+91980006${String(i).padStart(4, "0")}`, 1000, 30);
  await insertApiMessages(
    db,
    session.id,
    Array.from({ length: API_MESSAGES }, (_, i) => ({
      to: NUMBER,
      state: "sent" as const,
      createdAt: new Date(base + i * 290_000),
    })),
  );
  for (let c = 0; c < CAMPAIGNS; c++) {
    const id = await insertCampaign(db, { userId: session.id, channel: "whatsapp", name: `Campaign ${c}` });
    await db.execute(sql`insert into campaign_recipients (campaign_id, user_id, "row", number, variables, state, sent_at)
      select ${id}::uuid, ${session.id}::uuid, g, case when g = 1 then ${NUMBER} else '+9197' || lpad((${c * 1000} + g)::text, 8, '0') end,
        '{}'::text[], 'sent', ${new Date(base).toISOString()}::timestamptz + (${c} * 9000 + g) * interval '1 second'
      from generate_series(1, 200) g`);
  }
  const [deep] = await rowsOf<{ t: string; id: string }>(
    database.db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, id::text as id
      from chat_messages where conversation_id = ${wa} order by created_at, id offset ${WA_MESSAGES / 2} limit 1`,
  );
  deepCursor = encodeCursor({ t: deep!.t, kind: "chat", id: deep!.id });
  await db.execute(sql`analyze`);
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The call's own statements; the campaign scheduler's ticks run beside it on the same database and are not its. */
const OURS = /chat_messages|campaign_recipients|api_messages|conversations|contacts|consent_events|erased_numbers/;

const CALLS: [string, () => string, number][] = [
  ["first page of 20", () => `/api/v1/chats/${wa}/timeline`, 20],
  ["first page of 50", () => `/api/v1/chats/${wa}/timeline?limit=50`, 50],
  ["a page half way down the WhatsApp thread", () => `/api/v1/chats/${wa}/timeline?cursor=${deepCursor}`, 20],
  ["the card", () => `/api/v1/chats/${wa}/card`, 0],
];

describe("rows read by the customer's timeline, 14,000 messages of one number", () => {
  it.each(CALLS)("%s reads at most 5 x its page + a constant", async (label, url, pageSize) => {
    const { result: res, statements } = await recorder.record(() =>
      app.inject({ method: "GET", url: url(), headers: { authorization: `Bearer ${token}` } }),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    if (pageSize) expect((res.json() as { data: unknown[] }).data).toHaveLength(pageSize);
    let total = 0;
    const detail: string[] = [];
    for (const statement of statements.filter((s) => isRead(s) && OURS.test(s.sql))) {
      const { rows, scans } = await rowsRead(database, statement);
      total += rows;
      if (rows > 0)
        detail.push(`${rows} rows: ${statement.sql.replace(/\s+/g, " ").slice(0, 160)} [${scans.join("; ")}]`);
    }
    console.info(`rows read (${database.kind}): ${label}: ${total} (bound ${5 * pageSize + CONSTANT})`);
    expect(total, detail.join("\n")).toBeLessThanOrEqual(5 * pageSize + CONSTANT);
  });
});
