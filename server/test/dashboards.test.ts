import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardOverview, TeamRow } from "../../contract/calls";
import { addDays, presetDays, reportDay } from "../../contract/domain/dashboards";
import { rowsOf } from "../db/sql";
import { expectedFigures, rawRecipients, rollupAndRaw, seedCampaign, type RawRecipient } from "./dashboard-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
const ids: Record<string, string> = {};
let raw: RawRecipient[];
const db = () => server.database.db;

beforeAll(async () => {
  server = await startServer();
  for (const name of ["admin", "reseller", "manager", "user", "depthead", "priya", "globex", "rahul", "agent"] as const)
    ids[name] = await server.id(name);
  // Beside the demo's own campaigns (the manager's and the user's): every kind of owner and creator.
  await seedCampaign(db(), { userId: ids.user, channel: "sms", name: "User SMS" }, 60, 1);
  await seedCampaign(db(), { userId: ids.priya, channel: "whatsapp", name: "Priya WhatsApp" }, 48, 2);
  await seedCampaign(
    db(),
    { userId: ids.manager, createdBy: ids.depthead, channel: "sms", name: "Department SMS" },
    36,
    3,
  );
  await seedCampaign(db(), { userId: ids.depthead, channel: "rcs", name: "Department RCS" }, 30, 4);
  await seedCampaign(db(), { userId: ids.globex, channel: "whatsapp", name: "Globex WhatsApp" }, 54, 5);
  await seedCampaign(db(), { userId: ids.manager, channel: "rcs", name: "Manager RCS" }, 42, 6);
  raw = await rawRecipients(db());
});
afterAll(async () => server?.close());

const childrenOf = async (id: string) =>
  new Set(
    (await rowsOf<{ id: string }>(db(), sql`select id::text from users where parent_id = ${id}`)).map((r) => r.id),
  );

/** Each role's reach, written out from the rule in contract/calls/dashboards.ts rather than taken from the server. */
async function scopes(): Promise<
  Record<"admin" | "reseller" | "manager" | "depthead" | "user", (r: RawRecipient) => boolean>
> {
  const customers = await childrenOf(ids.reseller);
  const team = await childrenOf(ids.manager);
  return {
    admin: () => true,
    reseller: (r) => customers.has(r.user_id),
    manager: (r) => r.user_id === ids.manager || team.has(r.user_id),
    depthead: (r) => r.created_by === ids.depthead,
    user: (r) => r.user_id === ids.user,
  };
}

async function overview(as: DemoName, query: string): Promise<DashboardOverview> {
  const res = await server.call({ method: "GET", url: `/api/dashboard/overview?${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DashboardOverview;
}

describe("dashboard overview", () => {
  it("the rollup the dashboards read equals the recipient rows, grouped the same way", async () => {
    const { rollup, raw: fromRows } = await rollupAndRaw(db());
    expect(rollup.length).toBeGreaterThan(20);
    expect(rollup).toEqual(fromRows);
  });

  for (const [as, channel, range] of [
    ["admin", "all", "30d"],
    ["reseller", "all", "30d"],
    ["manager", "all", "30d"],
    ["manager", "sms", "7d"],
    ["depthead", "all", "30d"],
    ["user", "all", "7d"],
    ["admin", "whatsapp", "today"],
  ] as const) {
    it(`${as}, ${channel}, ${range}: every figure equals the sums of the recipient rows in its reach`, async () => {
      const { from, to } = presetDays(range);
      const data = await overview(as, `from=${from}&to=${to}&channel=${channel}`);
      const e = expectedFigures(raw, (await scopes())[as], from, to, channel);
      expect(data.totals).toEqual({
        messages: e.messages,
        delivered: e.delivered,
        read: e.read,
        replied: e.replied,
        failed: e.failed,
        unconfirmed: e.unconfirmed,
        spent: e.spentPaise / 100,
        campaigns: e.campaigns,
        queued: e.queued,
      });
      expect(data.series.map((d) => d.date)).toEqual(
        Array.from({ length: data.series.length }, (_, i) => addDays(from, i)),
      );
      expect(data.series.at(-1)?.date).toBe(to);
      for (const day of data.series) {
        const d = e.perDay.get(day.date) ?? { rcs: 0, sms: 0, whatsapp: 0, delivered: 0, failed: 0, spentPaise: 0 };
        expect(day).toEqual({
          date: day.date,
          rcs: d.rcs,
          sms: d.sms,
          whatsapp: d.whatsapp,
          delivered: d.delivered,
          failed: d.failed,
          spent: d.spentPaise / 100,
        });
      }
      expect(Object.fromEntries(data.errors.map((x) => [`${x.channel}:${x.code}`, x.count]))).toEqual(
        Object.fromEntries(e.errors),
      );
      expect(data.channels.reduce((n, c) => n + c.messages, 0)).toBe(e.messages);
      expect(data.topCampaigns.length).toBe(Math.min(5, e.campaigns));
      const counts = data.topCampaigns.map((c) => c.messages);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      if (range === "30d" && channel === "all") expect(e.messages).toBeGreaterThan(0);
    });
  }

  it("keeps tenants apart: a reseller sees its customers' campaigns, not their sub-users'; a user only its own", async () => {
    const { from, to } = presetDays("30d");
    const names = async (as: DemoName) => (await overview(as, `from=${from}&to=${to}`)).topCampaigns.map((c) => c.name);
    const reseller = await server.call({
      method: "GET",
      url: `/api/dashboard/overview?from=${from}&to=${to}`,
      as: "reseller",
    });
    expect(reseller.json().data.scope).toBe("customers");
    expect(await names("reseller")).not.toContain("User SMS");
    expect(await names("reseller")).not.toContain("Priya WhatsApp");
    expect(new Set((await overview("user", `from=${from}&to=${to}`)).topCampaigns.map((c) => c.owner))).toEqual(
      new Set(["user"]),
    );
    const head = await overview("depthead", `from=${from}&to=${to}`);
    expect(head.scope).toBe("department");
    // Its own, and the demo seed's campaign it created (server/seed-campaigns.ts); none of the manager's others.
    expect(new Set(head.topCampaigns.map((c) => c.name))).toEqual(
      new Set(["Department SMS", "Department RCS", "Store opening invite"]),
    );
    // Another manager's organization: globex sees none of Acme's campaigns.
    expect((await overview("globex", `from=${from}&to=${to}`)).topCampaigns.map((c) => c.name)).toEqual([
      "Globex WhatsApp",
    ]);
  });

  it("answers each role's own parts: accounts by role for operators, agents for workspaces, requests for deciders", async () => {
    const admin = await overview("admin", "");
    const [{ n: accounts }] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from users where id <> ${ids.admin}`,
    );
    expect(admin.accounts?.reduce((n, r) => n + r.total, 0)).toBe(accounts);
    expect(admin.agents).toBeNull();
    const reseller = await overview("reseller", "");
    expect(reseller.accounts).toEqual([{ role: "manager", total: 2, suspended: 0 }]);
    const [{ total }] = await rowsOf<{ total: string }>(
      db(),
      sql`select sum(balance)::text as total from users where parent_id = ${ids.reseller}`,
    );
    expect(reseller.accountsBalance).toBe(Number(total));
    const user = await overview("user", "");
    expect(user.accounts).toBeNull();
    expect(user.accountsBalance).toBeNull();
    expect(user.pendingBalanceRequests).toBeNull();

    // The manager's live agent and the replies it wrote in the range, counted from the messages.
    const { from, to } = presetDays("30d");
    const manager = await overview("manager", `from=${from}&to=${to}`);
    const asha = manager.agents?.find((a) => a.username === "agent");
    const [{ n: replies }] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from chat_messages cm join live_agents la on la.id = cm.agent_id where la.user_id = ${ids.agent} and cm.direction = 'out'`,
    );
    expect(asha).toMatchObject({ name: "Asha Verma", chatReplies: replies });
    expect(replies).toBeGreaterThan(0);

    await server.call({
      method: "POST",
      url: "/api/balance/requestBalance",
      as: "rahul",
      payload: { requestedBalance: 120 },
    });
    expect((await overview("manager", "")).pendingBalanceRequests).toBe(1);
    expect((await overview("reseller", "")).pendingBalanceRequests).toBe(0);
  });

  it("refuses a range it cannot answer, with the field that is wrong", async () => {
    const today = reportDay(new Date());
    for (const [query, field] of [
      ["from=2026-02-30", "from"],
      ["to=yesterday", "to"],
      [`from=${today}&to=${addDays(today, -1)}`, "from"],
      [`from=${addDays(today, -400)}&to=${today}`, "from"],
      ["from=1999-12-31", "from"],
    ] as const) {
      const res = await server.call({ method: "GET", url: `/api/dashboard/overview?${query}`, as: "manager" });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors?.[0]?.field).toBe(field);
    }
    const channel = await server.call({ method: "GET", url: "/api/dashboard/overview?channel=fax", as: "manager" });
    expect(channel.statusCode).toBe(400);
  });

  it("defaults to the last 7 days ending today", async () => {
    const data = await overview("user", "");
    expect({ from: data.from, to: data.to, channel: data.channel }).toEqual({ ...presetDays("7d"), channel: "all" });
  });
});

describe("team reports", () => {
  const team = async (as: DemoName, query: string) => {
    const res = await server.call({ method: "GET", url: `/api/dashboard/team?${query}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { count: number; data: TeamRow[] };
  };

  it("a manager's rows are itself and its sub-accounts, each credited with the campaigns it created", async () => {
    const { from, to } = presetDays("30d");
    const res = await team("manager", `from=${from}&to=${to}&limit=100`);
    const members = [ids.manager, ...(await childrenOf(ids.manager))];
    expect(res.count).toBe(members.length);
    expect(new Set(res.data.map((r) => r._id))).toEqual(new Set(members));
    const inOrg = (await scopes()).manager;
    for (const row of res.data) {
      const e = expectedFigures(raw, (r) => inOrg(r) && (r.created_by ?? r.user_id) === row._id, from, to);
      expect(
        {
          campaigns: row.campaigns,
          messages: row.messages,
          delivered: row.delivered,
          failed: row.failed,
          spent: row.spent,
        },
        row.username,
      ).toEqual({
        campaigns: e.campaigns,
        messages: e.messages,
        delivered: e.delivered,
        failed: e.failed,
        spent: e.spentPaise / 100,
      });
      expect(row.deliveryRate).toBe(e.messages ? e.delivered / e.messages : null);
    }
    expect(res.data.find((r) => r.username === "depthead")?.messages).toBeGreaterThan(0);
    expect(res.data.find((r) => r.username === "agent")).toMatchObject({ agent: true });
    expect(res.data.find((r) => r.self)?.username).toBe("manager");
  });

  it("sorts on the server by any figure, either way, and pages", async () => {
    const byMessages = (
      await team("manager", "from=2000-01-01&to=2000-01-01&sort=username&order=asc&limit=100")
    ).data.map((r) => r.username);
    expect(byMessages).toEqual([...byMessages].sort());
    for (const sort of ["messages", "spent", "balance", "deliveryRate", "campaigns"] as const) {
      const { from, to } = presetDays("30d");
      const rows = (await team("manager", `from=${from}&to=${to}&sort=${sort}&order=desc&limit=100`)).data;
      const values = rows.map((r) => r[sort] ?? -1);
      expect(values, sort).toEqual([...values].sort((a, b) => b - a));
      const asc = (await team("manager", `from=${from}&to=${to}&sort=${sort}&order=asc&limit=100`)).data.map(
        (r) => r[sort] ?? -1,
      );
      expect(asc, sort).toEqual([...asc].sort((a, b) => a - b));
    }
    const page2 = await team("manager", "sort=username&order=asc&page=2&limit=2");
    expect(page2.data.map((r) => r.username)).toEqual(byMessages.slice(2, 4));
    const past = await team("manager", "page=50&limit=10");
    expect(past).toMatchObject({ count: byMessages.length, data: [] });
  });

  it("a reseller's rows are its customers, credited by owner; a department head's its own; a user may not ask", async () => {
    const { from, to } = presetDays("30d");
    const reseller = await team("reseller", `from=${from}&to=${to}`);
    expect(reseller.data.map((r) => r.username).sort()).toEqual(["globex", "manager"]);
    const globex = reseller.data.find((r) => r.username === "globex");
    expect(globex?.messages).toBe(expectedFigures(raw, (r) => r.user_id === ids.globex, from, to).messages);
    const head = await team("depthead", `from=${from}&to=${to}`);
    expect(head.data.map((r) => [r.username, r.self])).toEqual([["depthead", true]]);
    expect(head.data[0].messages).toBe(expectedFigures(raw, (r) => r.created_by === ids.depthead, from, to).messages);
    expect((await server.call({ method: "GET", url: "/api/dashboard/team", as: "user" })).statusCode).toBe(403);
  });

  it("exports the same rows as CSV in the chosen order, with formula-looking names made harmless", async () => {
    await db().execute(sql`update users set name = '=HYPERLINK("http://x.test","pay")' where id = ${ids.rahul}`);
    const { from, to } = presetDays("30d");
    const res = await server.call({
      method: "GET",
      url: `/api/dashboard/team/export?from=${from}&to=${to}&sort=messages&order=desc`,
      as: "manager",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain(`team-report-${from}-to-${to}.csv`);
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "username,name,role,status,campaigns,messages,delivered,failed,delivery_rate_percent,spent_inr,balance_inr,chat_replies,conversations,resolved,avg_response_seconds",
    );
    const page = (await team("manager", `from=${from}&to=${to}&sort=messages&order=desc&limit=100`)).data;
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(page.map((r) => r.username));
    const rahul = lines.find((l) => l.startsWith("rahul,"));
    expect(rahul).toContain(`"'=HYPERLINK(""http://x.test"",""pay"")"`);
    const manager = page.find((r) => r.username === "manager");
    expect(lines.find((l) => l.startsWith("manager,"))).toContain(`,${manager?.messages},`);
  });
});

describe("quota reports", () => {
  beforeAll(async () => {
    await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "admin",
      payload: { userId: ids.reseller, amount: 5000 },
    });
    await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "reseller",
      payload: { userId: ids.globex, amount: 750.5 },
    });
    await server.call({
      method: "POST",
      url: "/api/balance/deduct-balance",
      as: "manager",
      payload: { userId: ids.priya, amount: 200, note: "=cmd|' /C calc'!A0" },
    });
  });

  const ledgerSum = async (accounts: readonly string[] | null, kinds: readonly string[], sign = 1) => {
    const who = accounts
      ? sql`and user_id::text in (${sql.join(
          accounts.map((a) => sql`${a}`),
          sql`, `,
        )})`
      : sql``;
    const [row] = await rowsOf<{ s: string }>(
      db(),
      sql`select coalesce(sum(amount), 0)::text as s from balance_ledger where kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )}) ${who}`,
    );
    return sign * Number(row.s);
  };

  it("lists the ledger of the caller and its reach, filtered by kind and account; nothing outside reach", async () => {
    const res = await server.call({
      method: "GET",
      url: "/api/quota/ledger?kind=transfer_in&limit=100",
      as: "reseller",
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { username: string; kind: string; amount: number }[];
    expect(rows.every((r) => r.kind === "transfer_in")).toBe(true);
    expect(rows.map((r) => r.username)).toContain("globex");
    expect(rows.map((r) => r.username)).not.toContain("priya");
    const one = await server.call({
      method: "GET",
      url: `/api/quota/ledger?userId=${ids.globex}&limit=100`,
      as: "reseller",
    });
    expect(new Set(one.json().data.map((r: { username: string }) => r.username))).toEqual(new Set(["globex"]));
    // A manager's sub-user is not the reseller's: like a missing account.
    expect(
      (await server.call({ method: "GET", url: `/api/quota/ledger?userId=${ids.priya}`, as: "reseller" })).statusCode,
    ).toBe(404);
    expect(
      (await server.call({ method: "GET", url: `/api/quota/summary?userId=${ids.globex}`, as: "manager" })).statusCode,
    ).toBe(404);
    const future = await server.call({
      method: "GET",
      url: `/api/quota/ledger?from=${addDays(reportDay(new Date()), 1)}`,
      as: "admin",
    });
    expect(future.json()).toMatchObject({ count: 0, data: [] });
  });

  it("sums top-ups, deductions and message spend per day, equal to the ledger and the recipient rows", async () => {
    const { from, to } = presetDays("30d");
    const res = await server.call({ method: "GET", url: `/api/quota/summary?from=${from}&to=${to}`, as: "manager" });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const org = [ids.manager, ...(await childrenOf(ids.manager))];
    expect(data.totals.topUps).toBeCloseTo(await ledgerSum(org, ["credit", "transfer_in"]), 2);
    expect(data.totals.deductions).toBeCloseTo(await ledgerSum(org, ["debit", "transfer_out"], -1), 2);
    const spent = expectedFigures(raw, (r) => org.includes(r.user_id), from, to).spentPaise / 100;
    expect(data.totals.spent).toBe(spent);
    expect(data.series.reduce((n: number, d: { spent: number }) => n + Math.round(d.spent * 100), 0)).toBe(
      Math.round(spent * 100),
    );
    expect(data.requests.pending).toBeGreaterThanOrEqual(1);
    const [{ total }] = await rowsOf<{ total: string }>(
      db(),
      sql`select sum(balance)::text as total from users where id::text in (${sql.join(
        org.map((a) => sql`${a}`),
        sql`, `,
      )})`,
    );
    expect(data.totals.balance).toBeCloseTo(Number(total), 2);
  });

  it("exports the filtered ledger as CSV, notes made harmless", async () => {
    const res = await server.call({ method: "GET", url: `/api/quota/export?userId=${ids.priya}`, as: "manager" });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe("date,account,kind,amount_inr,balance_after_inr,note,by");
    const list = await server.call({
      method: "GET",
      url: `/api/quota/ledger?userId=${ids.priya}&limit=100`,
      as: "manager",
    });
    expect(lines.length - 1).toBe(list.json().count);
    const deduction = lines.find((l) => l.includes(",transfer_out,"));
    expect(deduction).toContain(",-200.00,");
    expect(deduction).toContain(`'=cmd|' /C calc'!A0`);
  });
});
