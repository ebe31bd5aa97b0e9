import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "../../contract/messages";
import { DEFAULT_LOGIN_DELAY } from "../config";
import { impersonationAudit, loginFailures, mailOutbox, passwordResets, users } from "../db/schema";
import { DEMO_PASSWORD, DEMO_USERNAMES, startPeer, startServer, type TestServer } from "./harness";

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
    expect(res.json()).toEqual({
      success: false,
      message: "password: is required",
      errors: [{ field: "password", message: "is required" }],
    });
  });
});

describe("failed logins slow guessing per account", () => {
  // Long enough that a loaded machine's hashing does not outlast the window between two requests.
  const delay = { freeFailures: 2, baseDelayMs: 1500, maxDelayMs: 3000, windowMs: 60_000 };
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ loginDelay: delay });
  });
  afterAll(() => s?.close());

  const failuresOf = async (username: string) => {
    const [row] = await s.database.db
      .select({ failures: loginFailures.failures })
      .from(loginFailures)
      .innerJoin(users, eq(users.id, loginFailures.userId))
      .where(eq(users.username, username));
    return row?.failures ?? 0;
  };
  /** The account as if it had failed `failures` times, the last `agoMs` ago. */
  const failed = async (username: string, failures: number, agoMs: number) => {
    const [user] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    const row = { userId: user.id, failures, lastFailedAt: new Date(Date.now() - agoMs) };
    await s.database.db
      .insert(loginFailures)
      .values(row)
      .onConflictDoUpdate({ target: loginFailures.userId, set: row });
  };
  const attempt = (email: string, password: string) =>
    s.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email, password } });
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("counts a username and its email as one account; inside the account's delay an attempt is answered 429 unchecked, even with the right password", async () => {
    for (const id of ["user", "user@example.com", "USER"])
      expect((await attempt(id, "wrong-password")).statusCode).toBe(401);
    expect(await failuresOf("user")).toBe(3);
    // Three failures, two free: the next attempt waits 1.5 s; one sooner is not checked.
    const early = await attempt("user@example.com", DEMO_PASSWORD);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ success: false, message: MSG.loginThrottled });
    expect(early.headers["retry-after"]).toBe("2");
    expect(await failuresOf("user")).toBe(3);
    await pause(delay.baseDelayMs + 100);
    expect((await attempt("user", DEMO_PASSWORD)).statusCode).toBe(200);
    expect(await failuresOf("user")).toBe(0);
    // Another account is not affected by the first one's failures.
    expect(await failuresOf("manager")).toBe(0);
  });

  it("60 concurrent guesses after 8 failures (the default rule): at most a handful are checked, the others answered 429 with Retry-After up to maxDelayMs", async () => {
    // A second process with the default rule (5 free, 1 s doubling to 10 s) on the same database.
    const peer = await startPeer(s, { loginDelay: DEFAULT_LOGIN_DELAY });
    try {
      await peer.ready();
      // Eight failures, the last long enough ago that the account takes one more attempt now.
      await failed("reseller", 8, 5000);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          peer.inject({
            method: "POST",
            url: "/api/v1/auth/login",
            payload: { email: i % 2 ? "reseller" : "reseller@example.com", password: `guess-${i}` },
          }),
        ),
      );
      const checked = answers.filter((a) => a.statusCode === 401).length;
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(checked).toBeLessThanOrEqual(3);
      expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
      for (const a of answers.filter((x) => x.statusCode === 429)) {
        expect(Number(a.headers["retry-after"])).toBeGreaterThanOrEqual(1);
        expect(Number(a.headers["retry-after"])).toBeLessThanOrEqual(DEFAULT_LOGIN_DELAY.maxDelayMs / 1000);
      }
      // Only checked attempts count: the 429s did not push the account further.
      expect(await failuresOf("reseller")).toBe(8 + checked);
    } finally {
      await peer.close();
    }
  });

  it("keeps the count in the database, so a second server process sees it", async () => {
    const other = await startPeer(s, { loginDelay: delay });
    try {
      await other.ready();
      for (let i = 0; i < 3; i++) expect((await attempt("manager", "wrong-password")).statusCode).toBe(401);
      const elsewhere = await other.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        payload: { email: "manager@example.com", password: DEMO_PASSWORD },
      });
      expect(elsewhere.statusCode).toBe(429);
      expect(await failuresOf("manager")).toBe(3);
    } finally {
      await other.close();
    }
  });

  it("a password reset always works: the owner signs in at once with the new password", async () => {
    await failed("depthead", 40, 0);
    expect((await attempt("depthead", DEMO_PASSWORD)).statusCode).toBe(429);
    const token = "a-reset-token-for-the-throttle-test-0001";
    const [user] = await s.database.db.select({ id: users.id }).from(users).where(eq(users.username, "depthead"));
    await s.database.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await s.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "a-fresh-password-1" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await attempt("depthead", "a-fresh-password-1")).statusCode).toBe(200);
  });
});

describe("per-IP limits (@fastify/rate-limit)", () => {
  it("limits login attempts per IP with Retry-After and the usual 429 body", async () => {
    const limited = await startServer({ rateLimits: { loginPerIp: { max: 2, windowMs: 60_000 } } });
    try {
      const from = (ip: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          payload: { email: "admin", password: DEMO_PASSWORD },
          remoteAddress: ip,
        });
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
    const limited = await startServer({
      rateLimits: { resetPerIp: { max: 2, windowMs: 60_000 }, resetPerAccount: { max: 1, windowMs: 60_000 } },
    });
    try {
      const reset = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/send-reset-link",
          payload: { email: "user@example.com" },
        });
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
        limited.app.inject({
          method: "POST",
          url: "/api/v1/auth/register-defualt",
          payload: { username: "admin", email: `probe${n}@example.com`, password: "long-enough-pw" },
        });
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
  const signup = {
    username: "NewOrg",
    email: "owner@neworg.example",
    password: "long-enough-pw",
    companyName: "New Org",
  };

  it("register-defualt creates an organization that can log in", async () => {
    const res = await server.app.inject({ method: "POST", url: "/api/v1/auth/register-defualt", payload: signup });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ username: "neworg", type: "manager", parentId: null, balance: 0 });
    expect((await login("neworg", "long-enough-pw")).statusCode).toBe(200);
  });

  it("refuses a duplicate and writes nothing", async () => {
    const before = await server.database.db.select().from(users);
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/auth/register-defualt",
      payload: { ...signup, username: "other" },
    });
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
    const res = await server.app.inject({
      method: "POST",
      url: "/api/v1/auth/register-defualt",
      payload: { ...signup, username: "x2x", email: "x2@e.com", password: "short", role: "admin" },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(["password", "role"]);
  });

  it("register creates a sub-account of the caller, only in roles it may create", async () => {
    const payload = {
      username: "shop-clerk",
      email: "clerk@acme.example",
      password: "long-enough-pw",
      role: "department-head",
    };
    const res = await server.call({ method: "POST", url: "/api/v1/auth/register", as: "manager", payload });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ type: "department_head", parentId: await server.id("manager") });
    expect(res.json().data.modulePermissions.sort()).toEqual(["agent", "campaign", "chat", "template"]);
    const reseller = await server.call({
      method: "POST",
      url: "/api/v1/auth/register",
      as: "manager",
      payload: { ...payload, username: "r2r2", email: "r2@e.com", role: "reseller" },
    });
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
    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/send-reset-link",
      payload: { email: "priya@example.com" },
    });
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
    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/send-reset-link",
      payload: { email: "ghost@example.com" },
    });
    // A known address asked afterwards: once its mail is there, the unknown one's work has run too.
    await server.app.inject({
      method: "POST",
      url: "/api/auth/send-reset-link",
      payload: { email: "reseller@example.com" },
    });
    await tokenFromMail("reseller@example.com");
    expect(res.json()).toEqual({ success: true, message: MSG.resetLinkSent });
    expect(
      await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "ghost@example.com")),
    ).toHaveLength(0);
  });

  it("refuses an expired link", async () => {
    await server.app.inject({
      method: "POST",
      url: "/api/auth/send-reset-link",
      payload: { email: "rahul@example.com" },
    });
    const token = await tokenFromMail("rahul@example.com");
    await server.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await server.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, newPassword: "whatever-123" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("impersonation", () => {
  it("gives the admin a session as the user, audited", async () => {
    const userId = await server.id("user");
    const res = await server.call({
      method: "POST",
      url: "/api/v1/auth/admin-impersonate",
      as: "admin",
      payload: { userId },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      _id: userId,
      type: "user",
      impersonationMode: true,
      impersonatedBy: { username: "admin" },
    });
    const profile = await server.call({ method: "GET", url: "/api/v1/profile/details", token: body.data.token });
    expect(profile.json().data.username).toBe("user");
    const audit = await server.database.db.select().from(impersonationAudit);
    expect(audit).toEqual([expect.objectContaining({ adminId: await server.id("admin"), targetId: userId })]);
  });

  it("cannot impersonate an admin or a missing account, nor chain impersonations", async () => {
    const adminId = await server.id("admin");
    const self = await server.call({
      method: "POST",
      url: "/api/v1/auth/admin-impersonate",
      as: "admin",
      payload: { userId: adminId },
    });
    expect(self.statusCode).toBe(404);
    const missing = await server.call({
      method: "POST",
      url: "/api/v1/auth/admin-impersonate",
      as: "admin",
      payload: { userId: "nope" },
    });
    expect(missing.statusCode).toBe(404);
  });
});
