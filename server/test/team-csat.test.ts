// Team Reports' CSAT (issue 40 item 6): per agent, the surveys sent in the period counted on each account's own days
// (its inbox time zone), answers, response rate, mean score, share satisfied and the total, over the caller's reach.
// Runs on PGlite and PostgreSQL (scripts/test.mjs): the zone arithmetic and rounding are SQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TeamCsatRow, TeamCsatTotals } from "../../contract/calls";
import { rowsOf } from "../db/sql";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
const db = () => server.database.db;
let serial = 0;

/** [account, agent name or null, sent at (UTC), answer] */
type Survey = [DemoName, string | null, string, number | null];
// The period is 2026-03-10..11. manager keeps India's default zone (+05:30); user's inbox is in Dubai (+04:00).
const SURVEYS: Survey[] = [
  ["manager", "Asha T", "2026-03-09T18:29:00Z", 5], // 23:59 on the 9th in India: before the period
  ["manager", "Asha T", "2026-03-09T18:30:00Z", 5], // India's midnight of the 10th: in
  ["manager", "Asha T", "2026-03-10T10:00:00Z", 1],
  ["manager", "Asha T", "2026-03-10T11:00:00Z", null], // not answered
  ["manager", "Asha T", "2026-03-11T18:29:59Z", 4], // the last second of the 11th in India: in
  ["manager", "Asha T", "2026-03-11T18:30:00Z", 5], // the 12th in India: after
  ["manager", null, "2026-03-10T05:00:00Z", 3], // resolved with no agent: the account's own row
  ["user", "Bina T", "2026-03-09T19:00:00Z", 5], // 23:00 on the 9th in Dubai (the 10th in India): before
  ["user", "Bina T", "2026-03-11T19:00:00Z", 2], // 23:00 on the 11th in Dubai (the 12th in India): in
  ["globex", "Gopal T", "2026-03-10T10:00:00Z", 5], // another organization
];

const agents = new Map<string, string>();
async function agentOf(account: DemoName, name: string): Promise<string> {
  const known = agents.get(name);
  if (known) return known;
  const [row] = await rowsOf<{ id: string }>(
    db(),
    sql`insert into live_agents (owner_id, name, email, status)
      values (${await server.id(account)}, ${name}, ${`${name.replace(" ", ".").toLowerCase()}@example.com`}, 'active')
      returning id::text as id`,
  );
  agents.set(name, row!.id);
  return row!.id;
}

beforeAll(async () => {
  server = await startServer();
  await db().execute(
    sql`insert into inbox_settings (user_id, time_zone) values (${await server.id("user")}, 'Asia/Dubai')
      on conflict (user_id) do update set time_zone = excluded.time_zone`,
  );
  for (const [account, agent, sentAt, answer] of SURVEYS) {
    const owner = await server.id(account);
    serial += 1;
    const [conversation] = await rowsOf<{ id: string }>(
      db(),
      sql`insert into conversations (user_id, channel, customer_number, business_address, status)
        values (${owner}, 'whatsapp', ${`+91990000${String(serial).padStart(4, "0")}`}, 'csat-report-test', 'resolved')
        returning id::text as id`,
    );
    const agentId = agent ? await agentOf(account, agent) : null;
    await db()
      .execute(sql`insert into csat_surveys (conversation_id, user_id, agent_id, channel, sent_at, answer, answered_at)
      values (${conversation!.id}, ${owner}, ${agentId}, 'whatsapp', ${sentAt}::timestamptz, ${answer},
        ${answer === null ? null : sentAt}::timestamptz)`);
  }
});
afterAll(async () => server?.close());

interface Reply {
  count: number;
  totalPages: number;
  data: TeamCsatRow[];
  totals: TeamCsatTotals;
}
const report = async (as: DemoName, query = "from=2026-03-10&to=2026-03-11") => {
  const res = await server.call({ method: "GET", url: `/api/dashboard/team/csat?${query}`, as });
  return { status: res.statusCode, body: res.json() as Reply };
};
const figures = (r: TeamCsatRow) => [r.agentName, r.account, r.sent, r.answers, r.responseRate, r.average, r.satisfied];

describe("Team Reports CSAT", () => {
  it.each<[DemoName, unknown[][], TeamCsatTotals]>([
    [
      "manager",
      [
        ["Asha T", "manager", 4, 3, 75, 3.3, 67],
        [null, "manager", 1, 1, 100, 3, 0],
        ["Bina T", "user", 1, 1, 100, 2, 0],
      ],
      { sent: 6, answers: 5, responseRate: 83, average: 3, satisfied: 40 },
    ],
    [
      "reseller", // its customers: manager and globex, not manager's sub-account
      [
        ["Asha T", "manager", 4, 3, 75, 3.3, 67],
        ["Gopal T", "globex", 1, 1, 100, 5, 100], // ties: sent, answers, then the account's name
        [null, "manager", 1, 1, 100, 3, 0],
      ],
      { sent: 6, answers: 5, responseRate: 83, average: 3.6, satisfied: 60 },
    ],
    ["depthead", [], { sent: 0, answers: 0, responseRate: null, average: null, satisfied: null }],
  ])("%s sees its reach per agent, each account's days in its zone, and the total", async (as, rows, totals) => {
    const { status, body } = await report(as);
    expect(status).toBe(200);
    expect(body.data.map(figures)).toEqual(rows);
    expect(body.count).toBe(rows.length);
    expect(body.totals).toEqual(totals);
  });

  it("an admin sees every account's surveys", async () => {
    const { body } = await report("admin");
    expect(body.totals).toMatchObject({ sent: 7, answers: 6 });
  });

  it("pages the agents and keeps the total of all of them", async () => {
    const { body } = await report("manager", "from=2026-03-10&to=2026-03-11&page=2&limit=1");
    expect(body.data.map(figures)).toEqual([[null, "manager", 1, 1, 100, 3, 0]]);
    expect([body.count, body.totalPages]).toEqual([3, 3]);
    expect(body.totals.sent).toBe(6);
  });

  it("a one-day period in Dubai counts the user's survey of its 11th only", async () => {
    const { body } = await report("manager", "from=2026-03-11&to=2026-03-11");
    expect(body.data.map(figures)).toEqual([
      ["Asha T", "manager", 1, 1, 100, 4, 100],
      ["Bina T", "user", 1, 1, 100, 2, 0],
    ]);
  });

  it.each<[DemoName, string, number]>([
    ["user", "from=2026-03-10&to=2026-03-11", 403],
    ["manager", "from=2026-13-01", 400],
    ["manager", "from=2026-03-12&to=2026-03-10", 400],
    ["manager", "limit=1000", 400],
  ])("%s with %s is refused (%i)", async (as, query, status) => {
    expect((await report(as, query)).status).toBe(status);
  });
});
