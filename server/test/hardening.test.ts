import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "../../contract/messages";
import { balanceLedger, impersonationAudit, mailOutbox, users } from "../db/schema";
import { lastMailTo as lastMailOf, tokenIn } from "./mail";
import { DEMO_PASSWORD, startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ publicUrl: "https://console.example.com" });
});
afterAll(async () => server?.close());

/** Reset and confirmation mail are sent after the answer, so tests wait for them to land. */
const lastMailTo = (to: string) => lastMailOf(server, to);
const ledgerRows = async () =>
  (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(balanceLedger))[0].n;

describe("reset links come from configuration only", () => {
  it("ignores a forged Host and X-Forwarded-Host", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/send-reset-link",
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
      payload: { email: "priya@example.com" },
    });
    expect(res.statusCode).toBe(200);
    const body = await lastMailTo("priya@example.com");
    expect(body).toContain("https://console.example.com/reset-password?token=");
    expect(body).not.toContain("evil.example");
  });

  it("defaults to the server's own origin, not the request's", async () => {
    const plain = await startServer({ port: 8123, publicUrl: undefined });
    try {
      await plain.app.inject({
        method: "POST",
        url: "/api/auth/send-reset-link",
        headers: { host: "evil.example" },
        payload: { email: "rahul@example.com" },
      });
      const body = await vi.waitFor(async () => {
        const [mail] = await plain.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "rahul@example.com"));
        if (!mail) throw new Error("no mail yet");
        return mail.body;
      });
      expect(body).toContain("http://localhost:8123/reset-password?token=");
      expect(body).not.toContain("evil.example");
    } finally {
      await plain.close();
    }
  });
});

describe("proxy headers are trusted only from TRUST_PROXY", () => {
  const loginFrom = (s: TestServer, forwardedFor: string) =>
    s.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": forwardedFor },
      payload: { email: "admin", password: DEMO_PASSWORD },
    });
  const tightLogin = { rateLimits: { loginPerIp: { max: 2, windowMs: 60_000 } } } as const;

  it("by default a forged X-Forwarded-For neither escapes the per-IP limit nor reaches the audit", async () => {
    const s = await startServer(tightLogin);
    try {
      const answers = [];
      for (let i = 1; i <= 4; i++) answers.push(await loginFrom(s, `203.0.113.${i}`));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 429, 429]);
      const token = answers[0].json().data.token as string;
      const [target] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.username, "user"));
      await s.call({
        method: "POST",
        url: "/api/v1/auth/admin-impersonate",
        token,
        headers: { "x-forwarded-for": "198.51.100.7" },
        payload: { userId: target.id },
      });
      const [audit] = await s.database.db.select().from(impersonationAudit);
      expect(audit.ip).toBe("127.0.0.1");
    } finally {
      await s.close();
    }
  });

  it("with TRUST_PROXY=127.0.0.1 the forwarded address is the client's", async () => {
    const s = await startServer({ ...tightLogin, trustProxy: ["127.0.0.1"] });
    try {
      const codes = [];
      for (let i = 1; i <= 4; i++) codes.push((await loginFrom(s, `203.0.113.${i}`)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200]);
      const token = (await loginFrom(s, "203.0.113.50")).json().data.token as string;
      await s.call({
        method: "POST",
        url: "/api/v1/auth/admin-impersonate",
        token,
        headers: { "x-forwarded-for": "198.51.100.7" },
        remoteAddress: "127.0.0.1",
        payload: { userId: await s.id("user") },
      });
      const [audit] = await s.database.db.select().from(impersonationAudit);
      expect(audit.ip).toBe("198.51.100.7");
    } finally {
      await s.close();
    }
  });
});

describe("input PostgreSQL cannot hold is a 400 with a field message", () => {
  it("refuses a NUL byte in a public body", async () => {
    const before = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "\u0000", password: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "email", message: "must not contain a NUL character" }]);
    const signup = await server.app.inject({
      method: "POST",
      url: "/api/v1/auth/register-defualt",
      payload: { username: "nulorg", email: "nul@example.com", password: "long-enough-pw", companyName: "a\u0000b" },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().errors[0].field).toBe("companyName");
    expect(await server.database.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
  });

  it("refuses a NUL byte in a query string or path parameter of any call", async () => {
    const search = await server.call({ method: "GET", url: "/api/admin/users?search=a%00b", as: "admin" });
    expect(search.statusCode).toBe(400);
    expect(search.json().errors).toEqual([{ field: "search", message: "must not contain a NUL character" }]);
    const path = await server.call({ method: "GET", url: "/api/v1/admin/bot/a%00b", as: "admin" });
    expect(path.statusCode).toBe(400);
    expect(path.json().errors).toEqual([{ field: "id", message: "must not contain a NUL character" }]);
  });

  it("refuses dates outside the supported range", async () => {
    const ids = await server.id("user");
    for (const q of ["endDate=9999-12-31", "startDate=0001-01-01&endDate=2026-01-31", "endDate=1999-12-31"]) {
      const res = await server.call({
        method: "GET",
        url: `/api/dashboard/stored-status-counts?userIds=${ids}&${q}`,
        as: "admin",
      });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors[0].message, q).toBe("must be between 2000-01-01 and 2099-12-31");
    }
    const ok = await server.call({
      method: "GET",
      url: `/api/dashboard/stored-status-counts?userIds=${ids}&endDate=2099-12-31`,
      as: "admin",
    });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses an amount or a resulting balance past the cap and writes nothing", async () => {
    const userId = await server.id("rahul");
    const rows = await ledgerRows();
    const huge = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "admin",
      payload: { userId, amount: 1e15 },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors[0].field).toBe("amount");
    await server.database.db.update(users).set({ balance: "9999999999.00" }).where(eq(users.id, userId));
    const over = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "admin",
      payload: { userId, amount: 100 },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: MSG.balanceCapExceeded,
      errors: [{ field: "amount", message: MSG.balanceCapExceeded }],
    });
    const [row] = await server.database.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
    expect(row.balance).toBe("9999999999.00");
    expect(await ledgerRows()).toBe(rows);
    const exact = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "admin",
      payload: { userId, amount: 1 },
    });
    expect(exact.json()).toMatchObject({ success: true, balance: 10_000_000_000 });
    await server.database.db.update(users).set({ balance: "0" }).where(eq(users.id, userId));
  });
});

describe("amounts below one paisa", () => {
  it.each([1e-9, 0.001, 0.004])("refuses %s with a clear message and writes no ledger row", async (amount) => {
    const rows = await ledgerRows();
    const res = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      as: "admin",
      payload: { userId: await server.id("user"), amount },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: "amount" });
    expect(res.json().message).not.toContain("Added");
    expect(await ledgerRows()).toBe(rows);
    const request = await server.call({
      method: "POST",
      url: "/api/balance/requestBalance",
      as: "user",
      payload: { requestedBalance: amount },
    });
    expect(request.statusCode).toBe(400);
  });
});

describe("reset tokens", () => {
  it("using one invalidates every other reset link of the account", async () => {
    const send = () =>
      server.app.inject({
        method: "POST",
        url: "/api/auth/send-reset-link",
        payload: { email: "depthead@example.com" },
      });
    await send();
    const older = tokenIn(await lastMailTo("depthead@example.com"));
    await send();
    const newer = await vi.waitFor(async () => {
      const token = tokenIn(await lastMailTo("depthead@example.com"));
      if (token === older) throw new Error("second mail not there yet");
      return token;
    });
    const reset = (token: string, newPassword: string) =>
      server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });
    expect((await reset(newer, "newest-password-1")).statusCode).toBe(200);
    const stale = await reset(older, "older-password-22");
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(MSG.resetTokenInvalid);
  });
});
