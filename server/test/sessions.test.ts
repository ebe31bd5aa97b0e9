import { createHash, randomBytes, scryptSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { hashPassword } from "../services/accounts/passwords";
import { balanceLedger, impersonationAudit, passwordResets, sessions, users } from "../db/schema";
import { DEMO_PASSWORD, startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const getBalance = (token: string) => server.call({ method: "GET", url: "/api/v1/balance/getBalance", token });
const logout = (token: string) => server.call({ method: "POST", url: "/api/v1/auth/logout", token });
const setStatus = (userId: string, status: "active" | "suspended") =>
  server.call({ method: "PUT", url: "/api/v1/admin/user", as: "admin", payload: { userId, status } });
const login = (email: string, password = DEMO_PASSWORD) =>
  server.app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email, password } });

/** A fresh account of the given role under the admin, with its own password, logged in. */
async function account(role: "admin" | "user", username: string) {
  const [row] = await server.database.db
    .insert(users)
    .values({
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      role,
      isFirstLogin: false,
    })
    .returning();
  return row;
}

describe("logout", () => {
  it("ends the session it is called with, and only that one", async () => {
    const ending = await server.freshToken("user");
    const other = await server.freshToken("user");
    expect((await getBalance(ending)).statusCode).toBe(200);
    const res = await logout(ending);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
    const after = await getBalance(ending);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: MSG.invalidToken });
    expect((await getBalance(other)).statusCode).toBe(200);
  });

  it("needs a token", async () => {
    const res = await server.call({ method: "POST", url: "/api/v1/auth/logout" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.noToken);
  });
});

describe("revocation of all of a user's sessions", () => {
  it("a password reset ends every session of the account", async () => {
    const row = await account("user", "reset-me");
    const tokens = [
      (await login("reset-me")).json().data.token as string,
      (await login("reset-me")).json().data.token as string,
    ];
    for (const token of tokens) expect((await getBalance(token)).statusCode).toBe(200);
    const resetToken = randomBytes(16).toString("hex");
    await server.database.db.insert(passwordResets).values({
      userId: row.id,
      tokenHash: createHash("sha256").update(resetToken).digest("hex"),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const reset = await server.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: resetToken, newPassword: "a-new-password-1" },
    });
    expect(reset.statusCode).toBe(200);
    for (const token of tokens) expect((await getBalance(token)).statusCode).toBe(401);
    expect((await login("reset-me", "a-new-password-1")).statusCode).toBe(200);
  });

  it("a suspension ends them and reactivating the account does not revive them", async () => {
    const row = await account("user", "suspend-me");
    const token = (await login("suspend-me")).json().data.token as string;
    expect((await getBalance(token)).statusCode).toBe(200);
    expect((await setStatus(row.id, "suspended")).statusCode).toBe(200);
    const suspended = await getBalance(token);
    expect(suspended.statusCode).toBe(401);
    expect(suspended.json().message).toBe(MSG.accountSuspended);
    expect((await setStatus(row.id, "active")).statusCode).toBe(200);
    const revived = await getBalance(token);
    expect(revived.statusCode).toBe(401);
    expect(revived.json().message).toBe(MSG.invalidToken);
    const fresh = (await login("suspend-me")).json().data.token as string;
    expect((await getBalance(fresh)).statusCode).toBe(200);
  });

  it("a changed role ends them (the store's revokeUser, which a role change calls)", async () => {
    // No call of the table changes a role today; the revocation it must trigger is the same one a suspension uses.
    const row = await account("user", "role-change");
    const token = (await login("role-change")).json().data.token as string;
    expect((await getBalance(token)).statusCode).toBe(200);
    await server.database.db.transaction(async (tx) => {
      await tx.update(users).set({ role: "manager" }).where(eq(users.id, row.id));
      await server.app.sessions.revokeUser(row.id, tx);
    });
    await server.app.sessions.announceUser(row.id, true);
    expect((await getBalance(token)).statusCode).toBe(401);
  });

  it("a module change reaches the cached session at once", async () => {
    const priya = await server.token("priya");
    const campaigns = () => server.call({ method: "GET", url: "/api/sms/campaigns", token: priya });
    expect([401, 403]).not.toContain((await campaigns()).statusCode);
    const grant = await server.call({
      method: "POST",
      url: "/api/admin/grantPermission",
      as: "manager",
      payload: { userId: await server.id("priya"), moduleNames: ["chat"] },
    });
    expect(grant.statusCode).toBe(200);
    const res = await campaigns();
    expect(res.statusCode).toBe(403);
  });
});

describe("impersonation sessions", () => {
  async function impersonate(adminToken: string, target: string) {
    const res = await server.call({
      method: "POST",
      url: "/api/v1/auth/admin-impersonate",
      token: adminToken,
      payload: { userId: await server.id(target as "reseller") },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  }

  it("marks the ledger rows and the audit row with the admin, and dies when the admin logs out", async () => {
    const adminToken = await server.freshToken("admin");
    const asReseller = await impersonate(adminToken, "reseller");
    const managerId = await server.id("manager");
    const add = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      token: asReseller,
      payload: { userId: managerId, amount: 5, note: "imp" },
    });
    expect(add.statusCode).toBe(200);
    const adminId = await server.id("admin");
    const rows = await server.database.db.select().from(balanceLedger).where(eq(balanceLedger.note, "imp"));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.actorId).toBe(await server.id("reseller"));
      expect(row.impersonatedBy).toBe(adminId);
    }
    const [audit] = await server.database.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.adminId, adminId));
    const [opened] = await server.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, audit.sessionId ?? ""));
    expect(opened).toMatchObject({ userId: await server.id("reseller"), impersonatedBy: adminId });

    expect((await logout(adminToken)).statusCode).toBe(200);
    const after = await server.call({
      method: "POST",
      url: "/api/balance/add-balance",
      token: asReseller,
      payload: { userId: managerId, amount: 5 },
    });
    expect(after.statusCode).toBe(401);
    expect(await server.database.db.select().from(balanceLedger).where(eq(balanceLedger.note, "imp"))).toHaveLength(2);
  });

  it("never outlives the admin session it was opened from", async () => {
    const adminLogin = await login("admin");
    const adminExpiry = adminLogin.json().data.expiresAt as number;
    const { sid } = JSON.parse(
      Buffer.from((adminLogin.json().data.token as string).split(".")[1], "base64url").toString(),
    ) as { sid: string };
    await server.database.db
      .update(sessions)
      .set({ expiresAt: new Date((adminExpiry - 600) * 1000) })
      .where(eq(sessions.id, sid));
    await server.app.sessions.announceUser(await server.id("admin"), false);
    const res = await server.call({
      method: "POST",
      url: "/api/v1/auth/admin-impersonate",
      token: adminLogin.json().data.token,
      payload: { userId: await server.id("user") },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.expiresAt).toBe(adminExpiry - 600);
  });

  it("dies when its admin is suspended", async () => {
    const second = await account("admin", "second-admin");
    const secondToken = (await login("second-admin")).json().data.token as string;
    const asUser = await impersonate(secondToken, "user");
    expect((await getBalance(asUser)).statusCode).toBe(200);
    expect((await setStatus(second.id, "suspended")).statusCode).toBe(200);
    expect((await getBalance(asUser)).statusCode).toBe(401);
    expect((await getBalance(await server.token("user"))).statusCode).toBe(200);
  });
});

describe("password hashes", () => {
  it("stores argon2id with OWASP's parameters", async () => {
    const row = await account("user", "argon-new");
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("verifies an old scrypt hash and rehashes it at the next successful login", async () => {
    const row = await account("user", "scrypt-old");
    const salt = randomBytes(16);
    const key = scryptSync(DEMO_PASSWORD.normalize("NFKC"), salt, 64, {
      N: 32768,
      r: 8,
      p: 1,
      maxmem: 64 * 1024 * 1024,
    });
    const old = `scrypt$32768$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    await server.database.db.update(users).set({ passwordHash: old }).where(eq(users.id, row.id));
    const hashOf = async () =>
      (await server.database.db.select().from(users).where(eq(users.id, row.id)))[0].passwordHash;

    expect((await login("scrypt-old", "wrong-password")).statusCode).toBe(401);
    expect(await hashOf()).toBe(old);
    expect((await login("scrypt-old")).statusCode).toBe(200);
    expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await login("scrypt-old")).statusCode).toBe(200);
  });
});
