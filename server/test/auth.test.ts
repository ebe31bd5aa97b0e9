import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "../../contract/messages";
import { buildApp } from "../app";
import { impersonationAudit, loginFailures, mailOutbox, passwordResets, users } from "../db/schema";
import { DEMO_PASSWORD, DEMO_USERNAMES, startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ sessionTtlS: 3600 });
});
afterAll(async () => server?.close());

const login = (email: string, password: string, ip?: string) =>
  server.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email, password }, remoteAddress: ip });

describe("login", () => {
  it.each(DEMO_USERNAMES)("%s logs in by username and by email and gets a session", async (name) => {
    for (const identifier of [name, `${name}@example.com`, name.toUpperCase()]) {
      const res = await login(identifier, DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ username: name, email: `${name}@example.com` });
      expect(data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const now = Math.floor(Date.now() / 1000);
      expect(data.expiresAt).toBeGreaterThanOrEqual(now + 3590);
      expect(data.expiresAt).toBeLessThanOrEqual(now + 3600);
      expect(data).not.toHaveProperty("passwordHash");
    }
  });

  it("answers a wrong password and an unknown account alike", async () => {
    const wrong = await login("user", "not-the-password");
    const unknown = await login("nobody-here", "not-the-password");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(MSG.invalidCredentials);
  });

  it("reports isFirstLogin once", async () => {
    const first = await login("globex", DEMO_PASSWORD);
    const second = await login("globex", DEMO_PASSWORD);
    expect(first.json().data.isFirstLogin).toBe(true);
    expect(second.json().data.isFirstLogin).toBe(false);
  });

  it("rejects a malformed body with field errors", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email: "admin" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: "password: is required", errors: [{ field: "password", message: "is required" }] });
  });
});

describe("failed logins slow guessing per account", () => {
  const delay = { freeFailures: 2, baseDelayMs: 300, maxDelayMs: 600, windowMs: 60_000 };
  const failuresOf = async (s: TestServer, username: string) => {
    const [row] = await s.database.db
      .select({ failures: loginFailures.failures })
      .from(loginFailures)
      .innerJoin(users, eq(users.id, loginFailures.userId))
      .where(eq(users.username, username));
    return row?.failures ?? 0;
  };
  const timed = async <T>(work: () => Promise<T>) => {
    const start = performance.now();
    const result = await work();
    return { result, ms: performance.now() - start };
  };

  it("counts a username and its email as one account and never refuses the right password", async () => {
    const s = await startServer({ loginDelay: delay });
    try {
      const attempt = (email: string, password: string) => s.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email, password } });
      for (const id of ["user", "user@example.com", "USER"]) expect((await attempt(id, "wrong-password")).statusCode).toBe(401);
      expect(await failuresOf(s, "user")).toBe(3);
      const slowed = await timed(() => attempt("user@example.com", "wrong-password"));
      expect(slowed.result.statusCode).toBe(401);
      expect(slowed.ms).toBeGreaterThanOrEqual(290);
      const right = await timed(() => attempt("user", DEMO_PASSWORD));
      expect(right.result.statusCode).toBe(200);
      expect(right.ms).toBeGreaterThanOrEqual(590);
      expect(await failuresOf(s, "user")).toBe(0);
      // Another account is not affected by the first one's failures.
      expect(await failuresOf(s, "manager")).toBe(0);
    } finally {
      await s.close();
    }
  });

  it("keeps the count in the database, so a second server process sees it", async () => {
    const s = await startServer({ loginDelay: delay });
    const other = await buildApp({ database: s.database, logger: false, config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "test-secret", loginDelay: delay } });
    try {
      for (let i = 0; i < 3; i++) {
        await s.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email: "manager", password: "wrong-password" } });
      }
      const elsewhere = await timed(() => other.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email: "manager@example.com", password: "wrong-password" } }));
      expect(elsewhere.result.statusCode).toBe(401);
      expect(elsewhere.ms).toBeGreaterThanOrEqual(290);
      expect(await failuresOf(s, "manager")).toBe(4);
    } finally {
      await other.close();
      await s.close();
    }
  });
});

describe("per-IP limits (@fastify/rate-limit)", () => {
  it("limits login attempts per IP with Retry-After and the usual 429 body", async () => {
    const limited = await startServer({ rateLimits: { loginPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const from = (ip: string) =>
        limited.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email: "admin", password: DEMO_PASSWORD }, remoteAddress: ip });
      expect((await from("10.0.0.1")).statusCode).toBe(200);
      expect((await from("10.0.0.1")).statusCode).toBe(200);
      const blocked = await from("10.0.0.1");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ success: false, message: MSG.tooManyAttempts });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect((await from("10.0.0.2")).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("limits reset mail per IP and per address", async () => {
    const limited = await startServer({ rateLimits: { resetPerIp: { max: 2, windowMs: 60_000 }, resetPerAccount: { max: 1, windowMs: 60_000 } } });
    try {
      const reset = () => limited.app.inject({ method: "POST", url: "/api/auth/send-reset-link", payload: { email: "user@example.com" } });
      expect((await reset()).statusCode).toBe(200);
      expect((await reset()).statusCode).toBe(200);
      const blocked = await reset();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(MSG.tooManyAttempts);
      // Closing waits for the mail work done after the answers.
      await limited.app.close();
      expect(await limited.database.db.select().from(mailOutbox)).toHaveLength(1);
    } finally {
      await limited.database.close();
    }
  });

  it("limits sign-ups per IP, though sign-up says when an account exists", async () => {
    const limited = await startServer({ rateLimits: { signupPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const signup = (n: number) =>
        limited.app.inject({ method: "POST", url: "/api/v1/auth/register-defualt", payload: { username: "admin", email: `probe${n}@example.com`, password: "long-enough-pw" } });
      expect((await signup(1)).statusCode).toBe(409);
      expect((await signup(2)).statusCode).toBe(409);
      const blocked = await signup(3);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(MSG.tooManyAttempts);
    } finally {
      await limited.close();
    }
  });
});

describe("registration", () => {
  const signup = { username: "NewOrg", email: "owner@neworg.example", password: "long-enough-pw", companyName: "New Org" };

  it("register-defualt creates an organization that can log in", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/v1/auth/register-defualt", payload: signup });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ username: "neworg", type: "manager", parentId: null, balance: 0 });
    expect((await login("neworg", "long-enough-pw")).statusCode).toBe(200);
  });

  it("refuses a duplicate and writes nothing", async () => {
    const before = await server.database.db.select().from(users);
    const res = await server.app.inject({ method: "POST", url: "/api/v1/auth/register-defualt", payload: { ...signup, username: "other" } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.duplicateUser);
    expect(await server.database.db.select().from(users)).toHaveLength(before.length);
  });

  it("lets only one of two simultaneous sign-ups with the same name through", async () => {
    const payload = { username: "racer", email: "racer@example.com", password: "long-enough-pw" };
    const results = await Promise.all(
      [0, 1].map(() => server.app.inject({ method: "POST", url: "/api/v1/auth/register-defualt", payload })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("refuses a short password and an unknown field", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/v1/auth/register-defualt", payload: { ...signup, username: "x2x", email: "x2@e.com", password: "short", role: "admin" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(["password", "role"]);
  });

  it("register creates a sub-account of the caller, only in roles it may create", async () => {
    const payload = { username: "shop-clerk", email: "clerk@acme.example", password: "long-enough-pw", role: "department-head" };
    const res = await server.call({ method: "POST", url: "/api/v1/auth/register", as: "manager", payload });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ type: "department_head", parentId: await server.id("manager") });
    expect(res.json().data.modulePermissions.sort()).toEqual(["agent", "campaign", "chat", "template"]);
    const reseller = await server.call({ method: "POST", url: "/api/v1/auth/register", as: "manager", payload: { ...payload, username: "r2r2", email: "r2@e.com", role: "reseller" } });
    expect(reseller.statusCode).toBe(403);
    expect(reseller.json().message).toBe(MSG.roleNotCreatable);
  });
});

describe("password reset", () => {
  // The mail is sent after the answer, so wait for it.
  const tokenFromMail = (to: string) =>
    vi.waitFor(async () => {
      const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      const match = /token=([\w-]+)/.exec(mails[mails.length - 1]?.body ?? "");
      if (!match) throw new Error(`no reset mail to ${to} yet`);
      return match[1];
    });

  it("sends a single-use link and the new password works", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/auth/send-reset-link", payload: { email: "priya@example.com" } });
    expect(res.json()).toEqual({ success: true, message: MSG.resetLinkSent });
    const token = await tokenFromMail("priya@example.com");
    expect(token.length).toBeGreaterThan(20);
    const reset = (newPassword: string) =>
      server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword } });
    expect((await reset("brand-new-secret")).statusCode).toBe(200);
    const again = await reset("another-secret-1");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.resetTokenInvalid);
    expect((await login("priya", "brand-new-secret")).statusCode).toBe(200);
    expect((await login("priya", DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/auth/send-reset-link", payload: { email: "ghost@example.com" } });
    // A known address asked afterwards: once its mail is there, the unknown one's work has run too.
    await server.app.inject({ method: "POST", url: "/api/auth/send-reset-link", payload: { email: "reseller@example.com" } });
    await tokenFromMail("reseller@example.com");
    expect(res.json()).toEqual({ success: true, message: MSG.resetLinkSent });
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ghost@example.com"))).toHaveLength(0);
  });

  it("refuses an expired link", async () => {
    await server.app.inject({ method: "POST", url: "/api/auth/send-reset-link", payload: { email: "rahul@example.com" } });
    const token = await tokenFromMail("rahul@example.com");
    await server.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await server.app.inject({ method: "POST", url: "/api/auth/reset-password", payload: { token, newPassword: "whatever-123" } });
    expect(res.statusCode).toBe(400);
  });
});

describe("impersonation", () => {
  it("gives the admin a session as the user, audited", async () => {
    const userId = await server.id("user");
    const res = await server.call({ method: "POST", url: "/api/v1/auth/admin-impersonate", as: "admin", payload: { userId } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ _id: userId, type: "user", impersonationMode: true, impersonatedBy: { username: "admin" } });
    const profile = await server.call({ method: "GET", url: "/api/v1/profile/details", token: body.data.token });
    expect(profile.json().data.username).toBe("user");
    const audit = await server.database.db.select().from(impersonationAudit);
    expect(audit).toEqual([expect.objectContaining({ adminId: await server.id("admin"), targetId: userId })]);
  });

  it("cannot impersonate an admin or a missing account, nor chain impersonations", async () => {
    const adminId = await server.id("admin");
    const self = await server.call({ method: "POST", url: "/api/v1/auth/admin-impersonate", as: "admin", payload: { userId: adminId } });
    expect(self.statusCode).toBe(404);
    const missing = await server.call({ method: "POST", url: "/api/v1/auth/admin-impersonate", as: "admin", payload: { userId: "nope" } });
    expect(missing.statusCode).toBe(404);
  });
});
