import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BALANCE_REQUEST_DECIDED_EVENT, type BalanceRequestRecord } from "../../contract/domain/balance-requests";
import { MSG } from "../../contract/messages";
import { balanceLedger, balanceRequests } from "../db/schema";
import { startServer, type DemoName, type TestServer } from "./harness";
import { expectLedgerBalanced } from "./ledger-invariant";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());
// Every flow leaves every account's money adding up: balance = ledger = the charges.
afterEach(async () => expectLedgerBalanced(server.database.db));

const balanceOf = async (as: DemoName) =>
  (await server.call({ method: "GET", url: "/api/v1/balance/getBalance", as })).json().balances[0].balance as number;
const ledgerRows = async () =>
  (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(balanceLedger))[0].n;
const requestRow = async (id: string) =>
  (await server.database.db.select().from(balanceRequests).where(eq(balanceRequests.id, id)))[0];

async function requestAs(as: DemoName, amount: number): Promise<string> {
  const res = await server.call({
    method: "POST",
    url: "/api/balance/requestBalance",
    as,
    payload: { requestedBalance: amount },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data._id as string;
}
const approve = (id: string, as: DemoName) =>
  server.call({ method: "POST", url: `/api/balance/requests/${id}/approve`, as });
const NO_BODY = Symbol("no body");
const reject = (id: string, as: DemoName, payload: unknown = { reason: "Pay the open invoice first" }) =>
  server.call({
    method: "POST",
    url: `/api/balance/requests/${id}/reject`,
    as,
    ...(payload === NO_BODY ? {} : { payload: payload as Record<string, unknown> }),
  });

/** Everything a refused decision must leave alone. */
async function snapshot(id: string) {
  return {
    row: await requestRow(id),
    ledger: await ledgerRows(),
    user: await balanceOf("user"),
    manager: await balanceOf("manager"),
  };
}

describe("approve", () => {
  it("transfers the amount from the parent to the requester, with a ledger row on each side", async () => {
    const id = await requestAs("user", 1500);
    const [userBefore, managerBefore] = [await balanceOf("user"), await balanceOf("manager")];
    const res = await approve(id, "manager");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Approved ₹1500.00 for user",
      data: { _id: id, status: "approved", amount: 1500, username: "user", decidedBy: "manager", reason: "" },
    });
    expect(await balanceOf("user")).toBe(userBefore + 1500);
    expect(await balanceOf("manager")).toBe(managerBefore - 1500);
    const rows = await server.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.note, "Balance request approved"));
    expect(rows.map((r) => [r.userId, r.kind, r.amount]).sort()).toEqual(
      [
        [await server.id("user"), "transfer_in", "1500.00"],
        [await server.id("manager"), "transfer_out", "-1500.00"],
      ].sort(),
    );
    expect(await requestRow(id)).toMatchObject({ status: "approved", decidedBy: await server.id("manager") });
  });

  it("an admin's approval is new money: nobody's balance pays for it", async () => {
    const id = await requestAs("rahul", 75.25);
    const adminBefore = await balanceOf("admin");
    const res = await approve(id, "admin");
    expect(res.statusCode).toBe(200);
    expect(await balanceOf("rahul")).toBe(75.25);
    expect(await balanceOf("admin")).toBe(adminBefore);
    const rows = await server.database.db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, await server.id("rahul")));
    expect(rows.map((r) => [r.kind, r.amount, r.note])).toEqual([["credit", "75.25", "Balance request approved"]]);
  });

  it("a reseller approves its customer's request", async () => {
    const id = await requestAs("globex", 100);
    const res = await approve(id, "reseller");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.decidedBy).toBe("reseller");
  });

  it("refuses with a clear message when the approver's balance does not cover it, and changes nothing", async () => {
    const id = await requestAs("user", 999_999);
    const before = await snapshot(id);
    const res = await approve(id, "manager");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MSG.parentInsufficientBalance });
    expect(await snapshot(id)).toEqual(before);
    expect(before.row.status).toBe("pending");
  });
});

describe("reject", () => {
  it("records the reason and who decided, moves no money, and the requester sees it", async () => {
    const id = await requestAs("user", 300);
    const ledgerBefore = await ledgerRows();
    const res = await reject(id, "manager", { reason: "  Pay the open invoice first  " });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "rejected",
      reason: "Pay the open invoice first",
      decidedBy: "manager",
    });
    expect(await ledgerRows()).toBe(ledgerBefore);
    const mine = await server.call({ method: "GET", url: "/api/balance/my-requests", as: "user" });
    expect(mine.json().data.find((r: BalanceRequestRecord) => r._id === id)).toMatchObject({
      status: "rejected",
      reason: "Pay the open invoice first",
      decidedBy: "manager",
      decidedAt: expect.any(String),
    });
  });

  it.each([
    ["no body", NO_BODY, "body"],
    ["no reason", {}, "reason"],
    ["an empty reason", { reason: "" }, "reason"],
    ["spaces only", { reason: "   " }, "reason"],
    ["a reason too long", { reason: "x".repeat(301) }, "reason"],
    ["a number", { reason: 5 }, "reason"],
    ["an unknown field", { reason: "ok", amount: 1 }, "amount"],
  ])("refuses %s with a field error and changes nothing", async (_name, payload, field) => {
    const id = await requestAs("user", 10);
    const before = await snapshot(id);
    const res = await reject(id, "manager", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: [expect.objectContaining({ field })] });
    expect(await snapshot(id)).toEqual(before);
  });
});

describe("a request is decided once", () => {
  it("refuses a second approve, and a reject after an approve", async () => {
    const id = await requestAs("user", 20);
    expect((await approve(id, "manager")).statusCode).toBe(200);
    const before = await snapshot(id);
    for (const again of [await approve(id, "manager"), await approve(id, "admin"), await reject(id, "manager")]) {
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: MSG.balanceRequestDecided });
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it("of 20 simultaneous decisions exactly one wins, and the money moves once", async () => {
    const id = await requestAs("depthead", 40);
    const [headBefore, managerBefore, rowsBefore] = [
      await balanceOf("depthead"),
      await balanceOf("manager"),
      await ledgerRows(),
    ];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 4 === 3 ? reject(id, "manager") : approve(id, i % 2 ? "admin" : "manager"),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const row = await requestRow(id);
    const moved = row.status === "approved" ? 40 : 0;
    expect(await balanceOf("depthead")).toBe(headBefore + moved);
    const byManager = row.status === "approved" && row.decidedBy === (await server.id("manager"));
    expect(await balanceOf("manager")).toBe(managerBefore - (byManager ? 40 : 0));
    expect(await ledgerRows()).toBe(rowsBefore + (row.status === "rejected" ? 0 : byManager ? 2 : 1));
  });
});

describe("who may decide", () => {
  it("answers 404 to accounts outside the requester's reach, like a missing request", async () => {
    const id = await requestAs("user", 30);
    const before = await snapshot(id);
    // The reseller is the manager's parent, not the user's; globex is another manager; nobody decides their own.
    for (const [as, call] of [
      ["reseller", approve],
      ["globex", approve],
      ["globex", reject],
      ["reseller", reject],
    ] as const) {
      const res = await call(id, as);
      expect(res.statusCode, `${as}`).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MSG.balanceRequestNotFound });
    }
    const own = await requestAs("manager", 5);
    expect((await approve(own, "manager")).statusCode).toBe(404);
    for (const missing of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await approve(missing, "admin")).statusCode).toBe(404);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it("refuses roles that hold no sub-accounts with 403", async () => {
    const id = await requestAs("user", 30);
    for (const as of ["user", "depthead", "priya"] as const) {
      expect((await approve(id, as)).statusCode).toBe(403);
      expect((await reject(id, as)).statusCode).toBe(403);
    }
    expect((await requestRow(id)).status).toBe("pending");
  });
});

describe("lists", () => {
  it("the parent filters by status; the requester sees only its own", async () => {
    const pending = await server.call({
      method: "GET",
      url: "/api/balance/requests?status=pending&limit=100",
      as: "manager",
    });
    expect(pending.statusCode).toBe(200);
    const rows = pending.json().data as BalanceRequestRecord[];
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((r) => r.status === "pending" && ["user", "depthead", "priya", "rahul"].includes(r.username)),
    ).toBe(true);
    const bad = await server.call({ method: "GET", url: "/api/balance/requests?status=done", as: "manager" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: "status", message: "must be one of pending, approved, rejected" }]);
    const mine = await server.call({ method: "GET", url: "/api/balance/my-requests?limit=100", as: "depthead" });
    expect(mine.json()).toMatchObject({
      success: true,
      count: 1,
      data: [expect.objectContaining({ username: "depthead", amount: 40 })],
    });
    const adminsOwn = await server.call({ method: "GET", url: "/api/balance/my-requests", as: "admin" });
    expect(adminsOwn.json().data).toEqual([]);
  });
});

describe("the requester hears the outcome", () => {
  it("pushes the decided request to the requester's sockets", async () => {
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const token = await server.token("priya");
    const socket: Socket = await new Promise((resolve, reject) => {
      const live = connect(url, { transports: ["websocket"], reconnection: false, query: { token } });
      live.on("connect", () => resolve(live));
      live.on("connect_error", reject);
    });
    const id = await requestAs("priya", 60);
    const heard = new Promise<BalanceRequestRecord>((resolve) => socket.once(BALANCE_REQUEST_DECIDED_EVENT, resolve));
    expect((await reject(id, "manager", { reason: "Budget closed" })).statusCode).toBe(200);
    expect(await heard).toMatchObject({ _id: id, status: "rejected", reason: "Budget closed", username: "priya" });
    socket.close();
  });
});
