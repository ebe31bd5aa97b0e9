import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { balanceLedger, balanceRequests } from "../db/schema";
import { startServer, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(server.database.db));

const balanceOf = async (as: Parameters<TestServer["token"]>[0]) =>
  (await server.call({ method: "GET", url: "/api/v1/balance/getBalance", as })).json().balances[0].balance as number;
const ledgerCount = async () =>
  (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(balanceLedger))[0].n;

describe("add and deduct", () => {
  it("admin credits mint money and write a ledger row", async () => {
    const userId = await server.id("rahul");
    const res = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "admin",
      payload: { userId, amount: 250.5, note: "top-up" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, balance: 250.5 });
    const rows = await server.database.db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId));
    expect(rows.map((r) => [r.kind, r.amount, r.balanceAfter, r.note])).toEqual([
      ["credit", "250.50", "250.50", "top-up"],
    ]);
  });

  it("a reseller's credit comes out of its own balance", async () => {
    const before = await balanceOf("reseller");
    const res = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "reseller",
      payload: { userId: await server.id("globex"), amount: 1000 },
    });
    expect(res.json().balance).toBe(5200);
    expect(await balanceOf("reseller")).toBe(before - 1000);
  });

  it("a parent cannot credit more than it holds, and nothing is written", async () => {
    const rows = await ledgerCount();
    const res = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "manager",
      payload: { userId: await server.id("priya"), amount: 999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.parentInsufficientBalance);
    expect(await ledgerCount()).toBe(rows);
  });

  it("refuses a deduction below zero and writes nothing", async () => {
    const rows = await ledgerCount();
    const userId = await server.id("user");
    const res = await server.call({
      method: "POST",
      url: "/api/balance/deduct-balance",
      as: "manager",
      payload: { userId, amount: 500.01 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.insufficientBalance);
    expect(await ledgerCount()).toBe(rows);
    expect(await balanceOf("user")).toBe(500);
  });

  it("refuses bad amounts with field errors", async () => {
    const userId = await server.id("user");
    for (const amount of [0, -5, 1.005, "10"]) {
      const res = await server.call({
        method: "POST",
        url: "/api/balance/add-balance",
        as: "admin",
        payload: { userId, amount },
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().errors[0].field).toBe("amount");
    }
  });

  it("refuses accounts outside reach with 404", async () => {
    const res = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "user",
      payload: { userId: await server.id("priya"), amount: 1 },
    });
    expect(res.statusCode).toBe(404);
    const other = await server.call({
      method: "POST",
      url: "/api/balance/deduct-balance",
      as: "reseller",
      payload: { userId: await server.id("priya"), amount: 1 },
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("concurrency", () => {
  it("200 concurrent deductions leave the exact balance and never go negative", async () => {
    const userId = await server.id("depthead");
    expect(await balanceOf("depthead")).toBe(2000);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        server.call({
          method: "POST",
          url: "/api/balance/deduct-balance",
          as: "admin",
          payload: { userId, amount: 12.5 },
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 400).length;
    expect(ok).toBe(160);
    expect(refused).toBe(40);
    expect(await balanceOf("depthead")).toBe(0);
    const debits = await server.database.db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId));
    expect(debits.filter((r) => r.kind === "debit")).toHaveLength(160);
  });
});

describe("balance requests", () => {
  it("stores a request that the parent sees", async () => {
    const res = await server.call({
      method: "POST",
      url: "/api/balance/requestBalance",
      as: "user",
      payload: { requestedBalance: 1500 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 1500, status: "pending" });
    const parent = await server.call({ method: "GET", url: "/api/balance/requests", as: "manager" });
    expect(parent.json().data).toEqual([
      expect.objectContaining({ username: "user", amount: 1500, status: "pending" }),
    ]);
    const otherParent = await server.call({ method: "GET", url: "/api/balance/requests", as: "reseller" });
    expect(otherParent.json().data).toEqual([]);
    const bad = await server.call({
      method: "POST",
      url: "/api/balance/requestBalance",
      as: "user",
      payload: { requestedBalance: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await server.database.db.select().from(balanceRequests)).toHaveLength(1);
  });
});

describe("ledger", () => {
  it("lists one's own rows, a sub-account's, and not others'", async () => {
    const own = await server.call({ method: "GET", url: "/api/balance/ledger", as: "user" });
    // Newest first: the seeded pilot campaign's release and hold (12 × ₹0.30 held, ₹3.00 spent: its failed RCS
    // messages are not billed) after the opening credit.
    const pilot = 'Campaign "Delivery alerts pilot"';
    expect(own.json()).toMatchObject({
      success: true,
      count: 3,
      data: [
        expect.objectContaining({ kind: "campaign_release", amount: 0.6, balanceAfter: 500, note: pilot }),
        expect.objectContaining({ kind: "campaign_hold", amount: -3.6, balanceAfter: 499.4, note: pilot }),
        expect.objectContaining({ kind: "credit", amount: 503, balanceAfter: 503, note: "Opening balance" }),
      ],
    });
    const child = await server.call({
      method: "GET",
      url: `/api/balance/ledger?userId=${await server.id("globex")}`,
      as: "reseller",
    });
    expect(child.json().data[0]).toMatchObject({ kind: "transfer_in", amount: 1000, actor: "reseller" });
    const outside = await server.call({
      method: "GET",
      url: `/api/balance/ledger?userId=${await server.id("globex")}`,
      as: "manager",
    });
    expect(outside.statusCode).toBe(404);
  });
});
