import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "../../contract/messages";
import { accountAudit, emailChanges, users } from "../db/schema";
import { lastMailTo as lastMailOf, mailsTo as mailsOf } from "./mail";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ publicUrl: "https://console.example.com" });
});
afterAll(async () => server?.close());

/** Reset and confirmation mail are sent after the answer, so tests wait for them to land. */
const mailsTo = (to: string) => mailsOf(server, to);
const lastMailTo = (to: string) => lastMailOf(server, to);
const emailOf = async (username: string) =>
  (await server.database.db.select({ email: users.email }).from(users).where(eq(users.username, username)))[0].email;
const confirm = (token: string) =>
  server.app.inject({ method: "POST", url: "/api/v1/auth/confirm-email", payload: { token } });
const confirmToken = async (to: string) => /confirm-email\?token=([\w-]+)/.exec(await lastMailTo(to))?.[1] ?? "";

describe("a parent changing a sub-account's email", () => {
  it("cannot receive that account's reset mail: the change waits for the new address", async () => {
    const rahul = await server.id("rahul");
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "manager",
      payload: { userId: rahul, email: "Taken.Over@attacker.example", name: "Rahul K." },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(MSG.emailChangePending);
    expect(res.json().data).toMatchObject({ email: "rahul@example.com", name: "Rahul K." });
    expect(await emailOf("rahul")).toBe("rahul@example.com");

    // The old address is told who asked; the new one gets the confirmation link.
    expect(await lastMailTo("rahul@example.com")).toContain('requested by "manager"');
    expect(await lastMailTo("taken.over@attacker.example")).toContain(
      "https://console.example.com/confirm-email?token=",
    );

    // Until confirmed, reset mail goes to the old address only.
    await server.app.inject({
      method: "POST",
      url: "/api/auth/send-reset-link",
      payload: { email: "taken.over@attacker.example" },
    });
    await server.app.inject({
      method: "POST",
      url: "/api/auth/send-reset-link",
      payload: { email: "rahul@example.com" },
    });
    await vi.waitFor(async () => expect(await lastMailTo("rahul@example.com")).toContain("/reset-password?token="));
    expect((await mailsTo("taken.over@attacker.example")).some((m) => m.body.includes("reset-password"))).toBe(false);

    const audit = await server.database.db.select().from(accountAudit).where(eq(accountAudit.targetId, rahul));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: await server.id("manager"),
        action: "email_change_requested",
        oldValue: "rahul@example.com",
        newValue: "taken.over@attacker.example",
      }),
    ]);
  });

  it("takes effect once, from the link, and is audited; old reset links die with it", async () => {
    const rahul = await server.id("rahul");
    const token = await confirmToken("taken.over@attacker.example");
    const resetToken = /token=([\w-]+)/.exec(await lastMailTo("rahul@example.com"))?.[1] ?? "";
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: MSG.emailConfirmed });
    expect(await emailOf("rahul")).toBe("taken.over@attacker.example");
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.emailTokenInvalid);
    const stale = await server.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: resetToken, newPassword: "hijacked-password" },
    });
    expect(stale.statusCode).toBe(400);
    const [changed] = await server.database.db
      .select()
      .from(accountAudit)
      .where(eq(accountAudit.action, "email_changed"));
    expect(changed).toMatchObject({
      targetId: rahul,
      actorId: await server.id("manager"),
      oldValue: "rahul@example.com",
      newValue: "taken.over@attacker.example",
    });
  });

  it("refuses an unknown or expired token and a token for an address taken meanwhile, changing nothing", async () => {
    expect((await confirm("x".repeat(43))).statusCode).toBe(400);
    await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "manager",
      payload: { userId: await server.id("priya"), email: "priya.new@example.com" },
    });
    const token = await confirmToken("priya.new@example.com");
    await server.database.db
      .update(emailChanges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(emailChanges.newEmail, "priya.new@example.com"));
    expect((await confirm(token)).statusCode).toBe(400);
    expect(await emailOf("priya")).toBe("priya@example.com");

    await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "manager",
      payload: { userId: await server.id("priya"), email: "shared@example.com" },
    });
    const first = await confirmToken("shared@example.com");
    await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "manager",
      payload: { userId: await server.id("depthead"), email: "shared@example.com" },
    });
    const second = await confirmToken("shared@example.com");
    expect((await confirm(second)).statusCode).toBe(200);
    const taken = await confirm(first);
    expect(taken.statusCode).toBe(409);
    expect(await emailOf("priya")).toBe("priya@example.com");
  });

  it("refuses an address another account holds before writing anything", async () => {
    const before = await server.database.db.select().from(emailChanges);
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "manager",
      payload: { userId: await server.id("user"), email: "manager@example.com", name: "Changed" },
    });
    expect(res.statusCode).toBe(409);
    expect(await server.database.db.select().from(emailChanges)).toHaveLength(before.length);
    const [row] = await server.database.db.select({ name: users.name }).from(users).where(eq(users.username, "user"));
    expect(row.name).not.toBe("Changed");
  });
});

describe("a person changing its own email through profile", () => {
  it("follows the same confirmation", async () => {
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      as: "globex",
      payload: { email: "ceo@globex.example" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(MSG.emailChangePending);
    expect(await emailOf("globex")).toBe("globex@example.com");
    expect(await lastMailTo("globex@example.com")).toContain("requested by you");
    expect((await confirm(await confirmToken("ceo@globex.example"))).statusCode).toBe(200);
    expect(await emailOf("globex")).toBe("ceo@globex.example");
    const audit = await server.database.db
      .select()
      .from(accountAudit)
      .where(eq(accountAudit.targetId, await server.id("globex")));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["email_change_requested", await server.id("globex")],
      ["email_changed", await server.id("globex")],
    ]);
  });
});
