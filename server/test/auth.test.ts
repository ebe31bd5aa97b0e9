import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { impersonationAudit, mailOutbox, passwordResets, users } from "../db/schema";
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

describe("rate limits", () => {
  it("locks an account after repeated failures, per account, with Retry-After", async () => {
    const limited = await startServer({
      rateLimits: {
        loginPerIp: { max: 1000, windowMs: 60_000 },
        loginFailuresPerAccount: { max: 3, windowMs: 60_000 },
        resetPerIp: { max: 2, windowMs: 60_000 },
        resetPerAccount: { max: 1, windowMs: 60_000 },
        signupPerIp: { max: 100, windowMs: 60_000 },
      },
    });
    try {
      const attempt = (email: string, password: string) =>
        limited.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email, password } });
      for (let i = 0; i < 3; i++) expect((await attempt("user", "wrong-password")).statusCode).toBe(401);
      const blocked = await attempt("user", DEMO_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(MSG.tooManyAttempts);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect((await attempt("manager", DEMO_PASSWORD)).statusCode).toBe(200);

      const reset = () => limited.app.inject({ method: "POST", url: "/api/auth/send-reset-link", payload: { email: "user@example.com" } });
      expect((await reset()).statusCode).toBe(200);
      expect((await reset()).statusCode).toBe(200);
      expect((await reset()).statusCode).toBe(429);
      const mails = await limited.database.db.select().from(mailOutbox);
      expect(mails).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it("limits attempts per IP", async () => {
    const limited = await startServer({
      rateLimits: {
        loginPerIp: { max: 2, windowMs: 60_000 },
        loginFailuresPerAccount: { max: 100, windowMs: 60_000 },
        resetPerIp: { max: 100, windowMs: 60_000 },
        resetPerAccount: { max: 100, windowMs: 60_000 },
        signupPerIp: { max: 100, windowMs: 60_000 },
      },
    });
    try {
      const from = (ip: string) =>
        limited.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email: "admin", password: DEMO_PASSWORD }, remoteAddress: ip });
      expect((await from("10.0.0.1")).statusCode).toBe(200);
      expect((await from("10.0.0.1")).statusCode).toBe(200);
      expect((await from("10.0.0.1")).statusCode).toBe(429);
      expect((await from("10.0.0.2")).statusCode).toBe(200);
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
    expect(res.json().data.modulePermissions.sort()).toEqual(["campaign", "chat", "template"]);
    const reseller = await server.call({ method: "POST", url: "/api/v1/auth/register", as: "manager", payload: { ...payload, username: "r2r2", email: "r2@e.com", role: "reseller" } });
    expect(reseller.statusCode).toBe(403);
    expect(reseller.json().message).toBe(MSG.roleNotCreatable);
  });
});

describe("password reset", () => {
  const tokenFromMail = async (to: string) => {
    const mails = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    const match = /token=([\w-]+)/.exec(mails[mails.length - 1].body);
    return match?.[1] ?? "";
  };

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
