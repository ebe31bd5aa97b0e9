import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RCS_CARRIERS } from "../../contract/domain/rcs-bots";
import { MSG } from "../../contract/messages";
import { buildApp } from "../app";
import { createSandboxCarrier } from "../carriers/sandbox";
import { sandboxConfigFromEnv } from "../carriers/sandbox/config";
import { rcsBots, users } from "../db/schema";
import { DEMO_PASSWORD, freshDatabase, startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

interface Bot {
  _id: string;
  name: string;
  username: string;
  status: string;
  phone: string | null;
  brandColor: string;
  launch: { carrier: string; state: string; reason?: string }[];
}

const list = async (as: DemoName) => {
  const res = await server.call({ method: "GET", url: "/api/v1/bots/botIds", as });
  expect(res.statusCode).toBe(200);
  return res.json().data as Bot[];
};
const botOf = async (as: DemoName) => (await list(as))[0];
const snapshot = async () => server.database.db.select().from(rcsBots).orderBy(rcsBots.id);
const setStatus = (as: DemoName, botId: string, status: string) =>
  server.call({ method: "PUT", url: "/api/v1/bots/botStatus", as, payload: { botId, status } });

const validBot = async (overrides: Record<string, unknown> = {}) => ({
  userId: await server.id("priya"),
  name: "Priya's Shop",
  description: "Offers from Priya's shop",
  useCase: "PROMOTIONAL",
  brandColor: "#0a7c59",
  logoUrl: "https://priya.example.com/logo.png",
  bannerUrl: "https://priya.example.com/banner.png",
  phone: "98765 43210",
  website: "https://priya.example.com",
  privacyUrl: "https://priya.example.com/privacy",
  termsUrl: "https://priya.example.com/terms",
  ...overrides,
});
/** The fields named by an error body (a value can break two rules of one field, e.g. format and pattern). */
const fieldsOf = (errors: { field: string }[]) => [...new Set(errors.map((e) => e.field))];
const create = async (payload: Record<string, unknown>) =>
  server.call({ method: "POST", url: "/api/v1/admin/create-rcs-bot", as: "admin", payload });

describe("bots list (botIds)", () => {
  it("shows the manager and the user only their own seeded bot, with a launch state per carrier", async () => {
    const [managerBots, userBots] = [await list("manager"), await list("user")];
    expect(managerBots.map((b) => [b.name, b.username])).toEqual([["Acme Retail", "manager"]]);
    expect(userBots.map((b) => [b.name, b.username])).toEqual([["Acme Alerts", "user"]]);
    expect(managerBots[0].launch.map((l) => l.carrier)).toEqual([...RCS_CARRIERS]);
    // Registered two days ago: every carrier has decided.
    for (const l of managerBots[0].launch) expect(["LAUNCHED", "REJECTED"]).toContain(l.state);
  });

  it("shows the admin every account's bots, and the department head and reseller none", async () => {
    expect((await list("admin")).map((b) => b.name).sort()).toEqual(
      expect.arrayContaining(["Acme Alerts", "Acme Retail"]),
    );
    expect(await list("depthead")).toEqual([]);
    expect(await list("reseller")).toEqual([]);
  });

  it("answers the same launch states on every read (the sandbox is stateless)", async () => {
    expect((await botOf("manager")).launch).toEqual((await botOf("manager")).launch);
  });
});

describe("admin: fetch a bot", () => {
  it("answers the bot by id", async () => {
    const bot = await botOf("user");
    const res = await server.call({ method: "GET", url: `/api/v1/admin/bot/${bot._id}`, as: "admin" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(bot);
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-a-uuid"])("answers 404 for %s", async (id) => {
    const res = await server.call({ method: "GET", url: `/api/v1/admin/bot/${id}`, as: "admin" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "Bot not found" });
  });
});

describe("admin: create an RCS bot", () => {
  it("registers it with the carrier for the account, which then sees it", async () => {
    const res = await create(await validBot());
    expect(res.statusCode).toBe(201);
    const bot = res.json().data as Bot & { providerBotId: string; useCase: string; userId: string };
    expect(res.json().message).toBe("Bot Priya's Shop created for priya");
    expect(bot).toMatchObject({
      name: "Priya's Shop",
      username: "priya",
      useCase: "PROMOTIONAL",
      status: "active",
      brandColor: "#0A7C59",
      phone: "+919876543210",
    });
    expect(bot.providerBotId).toMatch(/^sandbox-rbm-/);
    expect(bot.launch.map((l) => l.carrier)).toEqual([...RCS_CARRIERS]);
    expect((await list("priya")).map((b) => b._id)).toEqual([bot._id]);
    expect((await list("manager")).map((b) => b._id)).not.toContain(bot._id);
    // Unless said, an agent is billed per message (Google's non-conversational category).
    expect(bot).toMatchObject({ billingCategory: "non_conversational" });
  });

  it("keeps the billing category chosen for the agent at Google", async () => {
    const res = await create(await validBot({ name: "Priya Chat", billingCategory: "conversational" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: "Priya Chat", billingCategory: "conversational" });
  });

  it.each([
    ["a brand colour that is not #RRGGBB", { brandColor: "red" }, "brandColor"],
    ["a plain-http website", { website: "http://priya.example.com" }, "website"],
    ["a privacy URL that is not a URL", { privacyUrl: "privacy" }, "privacyUrl"],
    ["a phone number that does not exist", { phone: "+91 12345 6" }, "phone"],
    ["letters in the phone", { phone: "call us" }, "phone"],
    ["an unknown use case", { useCase: "MARKETING" }, "useCase"],
    ["an empty name", { name: "   " }, "name"],
    ["a name over 40 characters", { name: "x".repeat(41) }, "name"],
    ["no terms URL", { termsUrl: undefined }, "termsUrl"],
    ["an unknown field", { verified: true }, "verified"],
    ["an unknown billing category", { billingCategory: "basic_message" }, "billingCategory"],
  ])("refuses %s with a field message and writes nothing", async (_what, overrides, field) => {
    const before = await snapshot();
    const payload = await validBot(overrides);
    const res = await create(JSON.parse(JSON.stringify(payload)) as Record<string, unknown>);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(fieldsOf(res.json().errors)).toEqual([field]);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["an unknown account", "00000000-0000-4000-8000-000000000000"],
    ["an admin account", "admin"],
  ])("answers 404 for %s and writes nothing", async (_what, who) => {
    const before = await snapshot();
    const userId = who === "admin" ? await server.id("admin") : who;
    const res = await create(await validBot({ userId }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.userNotFound });
    expect(await snapshot()).toEqual(before);
  });
});

describe("admin: update a bot", () => {
  it("changes the fields sent and keeps the rest", async () => {
    const bot = await botOf("user");
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/admin/update-bot",
      as: "admin",
      payload: { botId: bot._id, name: "Acme Alerts 2", phone: "+91 99887 76655" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: bot._id,
      name: "Acme Alerts 2",
      phone: "+919988776655",
      brandColor: bot.brandColor,
      username: "user",
    });
    expect((await botOf("user")).name).toBe("Acme Alerts 2");
  });

  it.each([
    [{ phone: "12" }, "phone"],
    [{ brandColor: "#12345" }, "brandColor"],
    // Google fixes an agent's billing category when it is created.
    [{ billingCategory: "conversational" }, "billingCategory"],
    [{}, "body"],
  ])("refuses %j and changes nothing", async (fields, field) => {
    const bot = await botOf("user");
    const before = await snapshot();
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/admin/update-bot",
      as: "admin",
      payload: { botId: bot._id, ...fields },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.json().errors)).toEqual([field]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for an unknown bot", async () => {
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/admin/update-bot",
      as: "admin",
      payload: { botId: "00000000-0000-4000-8000-000000000000", name: "X" },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("bot status", () => {
  it("lets the manager switch its own bot off and on", async () => {
    const bot = await botOf("manager");
    const off = await setStatus("manager", bot._id, "inactive");
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      success: true,
      message: "Bot Acme Retail is now inactive",
      data: { _id: bot._id, status: "inactive" },
    });
    expect((await botOf("manager")).status).toBe("inactive");
    expect((await setStatus("manager", bot._id, "active")).json().data.status).toBe("active");
  });

  it("answers 404 for another account's bot and changes nothing (tenancy)", async () => {
    const [managerBot, userBot] = [await botOf("manager"), await botOf("user")];
    const before = await snapshot();
    for (const [as, id] of [
      ["manager", userBot._id],
      ["user", managerBot._id],
      ["priya", managerBot._id],
    ] as const) {
      const res = await setStatus(as, id, "inactive");
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: "Bot not found" });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("lets the admin switch any bot", async () => {
    const bot = await botOf("user");
    expect((await setStatus("admin", bot._id, "inactive")).json().data.status).toBe("inactive");
    expect((await botOf("user")).status).toBe("inactive");
    await setStatus("admin", bot._id, "active");
  });

  it("refuses a status outside active/inactive", async () => {
    const bot = await botOf("user");
    const before = await snapshot();
    const res = await setStatus("user", bot._id, "paused");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "status", message: "must be one of active, inactive" }]);
    expect(await snapshot()).toEqual(before);
  });

  it.each(["reseller", "depthead"] as const)("is refused to %s (SPEC 6)", async (as) => {
    const res = await setStatus(as, (await botOf("user"))._id, "inactive");
    expect(res.statusCode).toBe(403);
  });
});

describe("launch states progress over time", () => {
  it("goes from UNLAUNCHED/PENDING at creation to a verdict on every carrier once the launch window has passed", async () => {
    const database = await freshDatabase();
    const carrier = createSandboxCarrier({ ...sandboxConfigFromEnv({}), rcsLaunchMs: { min: 100, max: 300 } });
    const app = await buildApp({
      database,
      carrier,
      logger: false,
      config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "t" },
    });
    try {
      const token = (
        await app.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          payload: { email: "admin", password: DEMO_PASSWORD },
        })
      ).json().data.token as string;
      const headers = { authorization: `Bearer ${token}` };
      const [{ id: userId }] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, "user"));
      const created = await app.inject({
        method: "POST",
        url: "/api/v1/admin/create-rcs-bot",
        headers,
        payload: { ...(await validBot()), userId },
      });
      expect(created.statusCode).toBe(201);
      const bot = created.json().data as Bot;
      for (const l of bot.launch) expect(["UNLAUNCHED", "PENDING"]).toContain(l.state);
      await new Promise((resolve) => setTimeout(resolve, 350));
      const later = (await app.inject({ method: "GET", url: `/api/v1/admin/bot/${bot._id}`, headers })).json()
        .data as Bot;
      for (const l of later.launch) {
        expect(["LAUNCHED", "REJECTED"]).toContain(l.state);
        if (l.state === "REJECTED") expect(l.reason).toEqual(expect.any(String));
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
