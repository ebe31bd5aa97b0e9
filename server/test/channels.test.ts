import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { channelIntegrations, wabaSolutions } from "../db/schema";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const get = async (as: DemoName) =>
  server.call({ method: "GET", url: "/api/v1/channels/get-channel-integrations", as });
const put = async (as: DemoName, payload: unknown) =>
  server.call({
    method: "PUT",
    url: "/api/v1/channels/update-channel-integrations",
    as,
    payload: payload as Record<string, unknown>,
  });
const flagRows = async () => server.database.db.select().from(channelIntegrations).orderBy(channelIntegrations.userId);

describe("get channel integrations", () => {
  it("answers the seeded flags of the manager's own account", async () => {
    const res = await get("manager");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { whatsapp: true, rcs: true, sms: true, voice: false, email: false },
    });
    expect(res.json().data.updatedAt).toEqual(expect.any(String));
  });

  it.each(["admin", "reseller", "depthead"] as const)("%s without saved flags gets every channel off", async (as) => {
    const res = await get(as);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      whatsapp: false,
      rcs: false,
      sms: false,
      voice: false,
      email: false,
      updatedAt: null,
      connected: { whatsapp: 0, rcs: 0, sms: 0 },
    });
  });

  it("says what is really connected behind the flags, and follows a bot switched off", async () => {
    expect((await get("manager")).json().data.connected).toEqual({ whatsapp: 1, rcs: 1, sms: 1 });
    const [bot] = (await server.call({ method: "GET", url: "/api/v1/bots/botIds", as: "manager" })).json().data as {
      _id: string;
    }[];
    const off = await server.call({
      method: "PUT",
      url: "/api/v1/bots/botStatus",
      as: "manager",
      payload: { botId: bot._id, status: "inactive" },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await get("manager")).json().data.connected).toEqual({ whatsapp: 1, rcs: 0, sms: 1 });
    await server.call({
      method: "PUT",
      url: "/api/v1/bots/botStatus",
      as: "manager",
      payload: { botId: bot._id, status: "active" },
    });
    expect((await get("manager")).json().data.connected.rcs).toBe(1);
  });
});

describe("update channel integrations", () => {
  it("saves the flags sent, keeps the others, and reads back the same after", async () => {
    const res = await put("manager", { voice: true, sms: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: "Channel integrations updated",
      data: { whatsapp: true, rcs: true, sms: false, voice: true, email: false },
    });
    expect((await get("manager")).json().data).toMatchObject({
      whatsapp: true,
      rcs: true,
      sms: false,
      voice: true,
      email: false,
    });
  });

  it("creates the row of an account that had none (priya), touching nobody else's", async () => {
    const before = (await get("manager")).json().data;
    const res = await put("priya", { email: true });
    expect(res.json().data).toMatchObject({ whatsapp: false, rcs: false, sms: false, voice: false, email: true });
    expect((await get("manager")).json().data).toEqual(before);
    const [row] = await server.database.db
      .select()
      .from(channelIntegrations)
      .where(eq(channelIntegrations.userId, await server.id("priya")));
    expect(row.email).toBe(true);
  });

  it.each([
    [{}, "body", "must NOT have fewer than 1 properties"],
    [{ whatsapp: "yes" }, "whatsapp", "must be boolean"],
    [{ rcs: 1 }, "rcs", "must be boolean"],
    [{ fax: true }, "fax", "is not allowed"],
  ])("refuses %j with a field message and writes nothing", async (payload, field, message) => {
    const before = await flagRows();
    const res = await put("user", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: [{ field, message }] });
    expect(await flagRows()).toEqual(before);
  });

  it.each(["admin", "reseller", "depthead"] as const)("%s may not update (SPEC 6)", async (as) => {
    const res = await put(as, { sms: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: MSG.notAuthorized });
  });
});

describe("WABA provider solution ids", () => {
  it("lists the seeded sandbox solution", async () => {
    const res = await server.call({ method: "GET", url: "/api/channels/get-waba-provider-solution-ids", as: "user" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [{ id: "sandbox", name: "Sandbox (simulated WhatsApp Cloud API)", provider: "sandbox" }],
    });
  });

  it("is refused to the department head (SPEC 6)", async () => {
    const res = await server.call({
      method: "GET",
      url: "/api/channels/get-waba-provider-solution-ids",
      as: "depthead",
    });
    expect(res.statusCode).toBe(403);
  });

  it("leaves the count at one row", async () => {
    const [{ n }] = await server.database.db.select({ n: sql<number>`count(*)::int` }).from(wabaSolutions);
    expect(n).toBe(1);
  });
});
