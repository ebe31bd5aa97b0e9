import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import type { RecipientState } from "../../contract/domain/campaigns";
import { reportDay } from "../../contract/domain/dashboards";
import { insertCampaign, insertRecipients } from "./campaign-read-fixtures";
import { DEMO_PASSWORD, startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

describe("profile", () => {
  it("reads and updates one's own profile", async () => {
    const res = await server.call({ method: "GET", url: "/api/v1/profile/details", as: "user" });
    expect(res.json().data).toMatchObject({
      username: "user",
      type: "user",
      balance: 500,
      modulePermissions: expect.arrayContaining(["api"]),
    });
    const upd = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      as: "user",
      payload: { name: "Uday U.", phone: "+91 98765 43210" },
    });
    expect(upd.json().data).toMatchObject({ name: "Uday U.", phone: "+91 98765 43210" });
  });

  it("changes the password only with the current one", async () => {
    const wrong = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      as: "priya",
      payload: { currentPassword: "nope", newPassword: "a-new-password" },
    });
    expect(wrong.statusCode).toBe(400);
    const missing = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      as: "priya",
      payload: { newPassword: "a-new-password" },
    });
    expect(missing.statusCode).toBe(400);
    const ok = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      as: "priya",
      payload: { currentPassword: DEMO_PASSWORD, newPassword: "a-new-password" },
    });
    expect(ok.statusCode).toBe(200);
    const login = await server.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "priya", password: "a-new-password" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("keeps the person's time zone: India's until they pick another, which their next sign-in carries", async () => {
    const before = await server.call({ method: "GET", url: "/api/v1/profile/details", as: "depthead" });
    expect(before.json().data.timeZone).toBe("Asia/Kolkata");
    for (const timeZone of ["Asia/Atlantis", "IST", "Asia/Kolkata; drop"]) {
      const refused = await server.call({
        method: "PUT",
        url: "/api/v1/profile/update",
        as: "depthead",
        payload: { timeZone, name: "Changed" },
      });
      expect(refused.statusCode, timeZone).toBe(400);
      expect(refused.json().message).toMatch(/time ?zone/i);
    }
    // A refused request wrote nothing, not even its other fields.
    expect(
      (await server.call({ method: "GET", url: "/api/v1/profile/details", as: "depthead" })).json().data,
    ).toMatchObject({ timeZone: "Asia/Kolkata", name: before.json().data.name });
    const saved = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      as: "depthead",
      payload: { timeZone: "Asia/Dubai" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.timeZone).toBe("Asia/Dubai");
    const login = await server.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "depthead", password: DEMO_PASSWORD },
    });
    expect(login.json().data?.timeZone ?? login.json().timeZone).toBe("Asia/Dubai");
  });

  it("refuses fields it does not know, such as role or balance", async () => {
    for (const payload of [{ role: "admin" }, { balance: 1e9 }, {}]) {
      const res = await server.call({ method: "PUT", url: "/api/v1/profile/update", as: "user", payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await server.call({ method: "GET", url: "/api/v1/profile/details", as: "user" })).json().data.type).toBe(
      "user",
    );
  });
});

describe("dashboard status counts", () => {
  // Real message states: campaign recipients (the demo's own campaigns of user are counted too, so they are read
  // first).
  let before: Record<string, Record<string, number>>;
  beforeAll(async () => {
    const ids = [await server.id("user"), await server.id("priya")];
    before = (
      await server.call({ method: "GET", url: `/api/dashboard/statusCounts?userIds=${ids.join(",")}`, as: "manager" })
    ).json().data;
    const sentAt = new Date();
    const add = async (userId: string, states: RecipientState[]) => {
      const campaignId = await insertCampaign(server.database.db, { userId, channel: "sms", status: "running" });
      await insertRecipients(
        server.database.db,
        campaignId,
        userId,
        states.map((state, i) => ({
          number: `+9190000${String(i).padStart(5, "0")}`,
          state,
          ...(state === "queued" || state === "skipped" ? {} : { sentAt }),
        })),
      );
    };
    await add(ids[0], ["delivered", "delivered", "read", "failed", "sent", "skipped"]);
    await add(ids[1], ["replied", "queued", "unknown"]);
  });

  it("counts each status per user", async () => {
    const ids = [await server.id("user"), await server.id("priya")];
    const res = await server.call({
      method: "GET",
      url: `/api/dashboard/statusCounts?userIds=${ids.join(",")}`,
      as: "manager",
    });
    const plus = (id: string, added: Record<string, number>) =>
      Object.fromEntries(Object.entries(before[id]).map(([k, n]) => [k, n + (added[k] ?? 0)]));
    // Skipped recipients are no message; unknown counts as sent, replied as read, queued as pending.
    expect(res.json().data).toEqual({
      [ids[0]]: plus(ids[0], { sent: 1, delivered: 2, read: 1, failed: 1, total: 5 }),
      [ids[1]]: plus(ids[1], { pending: 1, sent: 1, read: 1, total: 3 }),
    });
  });

  it("needs userIds, as a list", async () => {
    const none = await server.call({ method: "GET", url: "/api/dashboard/statusCounts", as: "manager" });
    expect(none.json()).toEqual({ success: false, message: MSG.noUserIds });
    const twice = await server.call({
      method: "GET",
      url: "/api/dashboard/statusCounts?userIds=a&userIds=b",
      as: "manager",
    });
    expect(twice.json()).toEqual({ success: false, message: MSG.userIdsNotArray });
  });

  it("refuses users outside reach", async () => {
    const res = await server.call({
      method: "GET",
      url: `/api/dashboard/statusCounts?userIds=${await server.id("user")}`,
      as: "reseller",
    });
    expect(res.statusCode).toBe(404);
  });

  it("gives daily stored counts to an admin", async () => {
    const today = reportDay(new Date());
    const res = await server.call({
      method: "GET",
      url: `/api/dashboard/stored-status-counts?userIds=${await server.id("user")}&startDate=${today}&endDate=${today}`,
      as: "admin",
    });
    // The demo's campaign of user was sent days ago; today has only the messages added here.
    expect(res.json().data).toEqual([{ date: today, pending: 0, sent: 1, delivered: 2, read: 1, failed: 1, total: 5 }]);
    const bad = await server.call({
      method: "GET",
      url: `/api/dashboard/stored-status-counts?userIds=${await server.id("user")}&startDate=yesterday`,
      as: "admin",
    });
    expect(bad.statusCode).toBe(400);
  });
});
