import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIBRARY_CHANNELS, LIBRARY_INDUSTRIES } from "../../contract/domain/template-library";
import { rcsBots, rcsTemplates } from "../db/schema";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
let managerBot: string;
let globexBot: string;
beforeAll(async () => {
  server = await startServer();
  // Bots are inserted directly: creating them is the channels branch's call.
  const [m] = await server.database.db
    .insert(rcsBots)
    .values({ userId: await server.id("manager"), name: "Test Bot" })
    .returning();
  const [g] = await server.database.db
    .insert(rcsBots)
    .values({ userId: await server.id("globex"), name: "Globex Test Bot" })
    .returning();
  managerBot = m.id;
  globexBot = g.id;
});
afterAll(async () => server?.close());

const URL = "/api/v1/rcs/templates";
const templateCount = async () =>
  (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(rcsTemplates))[0].n;
let seq = 0;
const uniqueName = (prefix = "t") => `${prefix}-${++seq}`;

const reply = (text: string) => ({ type: "reply", text });
const card = (cardTitle: string, extra: Record<string, unknown> = {}) => ({
  cardTitle,
  cardDescription: "",
  mediaUrl: "",
  suggestions: [],
  ...extra,
});
const carousel = (n: number) => Array.from({ length: n }, (_, i) => ({ ...card(`Card ${i + 1}`), order: i + 1 }));
const textDraft = (over: Record<string, unknown> = {}) => ({
  botId: managerBot,
  name: uniqueName(),
  type: "text",
  textMessageContent: "Hello",
  ...over,
});

const create = (payload: Record<string, unknown>, as: DemoName = "manager") =>
  server.call({ method: "POST", url: URL, as, payload });
async function created(payload: Record<string, unknown> = textDraft(), as: DemoName = "manager"): Promise<string> {
  const res = await create(payload, as);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

describe("roles and module", () => {
  it.each<[DemoName, number]>([
    ["admin", 200],
    ["manager", 200],
    ["user", 200],
    ["depthead", 200],
    ["reseller", 403],
    // priya has no template module.
    ["priya", 403],
  ])("%s lists templates: %i", async (as, status) => {
    expect((await server.call({ method: "GET", url: URL, as })).statusCode).toBe(status);
    expect((await server.call({ method: "GET", url: "/api/v1/template-library", as })).statusCode).toBe(status);
    expect((await server.call({ method: "GET", url: `${URL}/bots`, as })).statusCode).toBe(status);
  });

  it.each<[string, string, number]>([
    ["POST", URL, 403],
    ["GET", `${URL}/00000000-0000-4000-8000-000000000000`, 403],
    ["PUT", `${URL}/00000000-0000-4000-8000-000000000000`, 403],
    ["DELETE", `${URL}/00000000-0000-4000-8000-000000000000`, 403],
  ])("the reseller may not %s %s", async (method, url, status) => {
    const res = await server.call({
      method: method as "POST",
      url,
      as: "reseller",
      payload: method === "POST" || method === "PUT" ? textDraft() : undefined,
    });
    expect(res.statusCode).toBe(status);
  });

  it("refuses without a token", async () => {
    expect((await server.call({ method: "GET", url: URL })).statusCode).toBe(401);
  });
});

describe("create, read, update, delete", () => {
  it("saves a carousel with its draft, lists it, and reads it back", async () => {
    const name = uniqueName("carousel");
    const cards = carousel(3).map((c, i) => ({ ...c, suggestions: [reply(`Buy ${i + 1}`)] }));
    // Sent out of order: stored in display order.
    const payload = {
      botId: managerBot,
      name,
      type: "carousel",
      height: "SHORT",
      width: "SMALL",
      carouselList: [cards[2], cards[0], cards[1]],
      suggestions: [reply("More")],
    };
    const res = await create(payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: `Template "${name}" saved`,
      data: {
        name,
        type: "carousel",
        botId: managerBot,
        botName: "Test Bot",
        fromLibrary: false,
        libraryId: null,
        status: "ACTIVE",
      },
    });
    expect(body.data.draft.carouselList.map((c: { cardTitle: string }) => c.cardTitle)).toEqual([
      "Card 1",
      "Card 2",
      "Card 3",
    ]);
    expect(body.data.draft.width).toBe("SMALL");

    const list = (await server.call({ method: "GET", url: `${URL}?search=${name}`, as: "manager" })).json();
    expect(list).toMatchObject({ success: true, count: 1, page: 1, totalPages: 1 });
    expect(list.data[0]._id).toBe(body.data._id);

    const one = (await server.call({ method: "GET", url: `${URL}/${body.data._id}`, as: "manager" })).json();
    expect(one.data.draft.carouselList).toHaveLength(3);
  });

  it("records the library flag and clears it when the draft no longer comes from the library", async () => {
    const id = await created(textDraft({ fromLibrary: true, libraryId: "banking-emi-reminder" }));
    const row = (await server.database.db.select().from(rcsTemplates).where(eq(rcsTemplates.id, id)))[0];
    expect([row.fromLibrary, row.libraryId]).toEqual([true, "banking-emi-reminder"]);
    const res = await server.call({
      method: "PUT",
      url: `${URL}/${id}`,
      as: "manager",
      payload: textDraft({ name: row.name, fromLibrary: false }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fromLibrary: false, libraryId: null });
  });

  it("updates and deletes", async () => {
    const id = await created();
    const renamed = uniqueName("renamed");
    const res = await server.call({
      method: "PUT",
      url: `${URL}/${id}`,
      as: "manager",
      payload: textDraft({ name: renamed, textMessageContent: "Changed" }),
    });
    expect(res.json()).toMatchObject({
      success: true,
      message: `Template "${renamed}" updated`,
      data: { name: renamed, draft: { textMessageContent: "Changed" } },
    });
    const del = await server.call({ method: "DELETE", url: `${URL}/${id}`, as: "manager" });
    expect(del.json()).toEqual({ success: true, message: `Template "${renamed}" deleted` });
    expect((await server.call({ method: "GET", url: `${URL}/${id}`, as: "manager" })).statusCode).toBe(404);
  });

  it("filters the list by type and bot", async () => {
    await created({ botId: managerBot, name: uniqueName("card"), type: "standalone", standAlone: card("Hi") });
    const cards = (await server.call({ method: "GET", url: `${URL}?type=standalone&limit=100`, as: "manager" })).json();
    expect(cards.data.length).toBeGreaterThan(0);
    expect(cards.data.every((t: { type: string }) => t.type === "standalone")).toBe(true);
    const none = (await server.call({ method: "GET", url: `${URL}?botId=${globexBot}`, as: "manager" })).json();
    expect(none.count).toBe(0);
  });

  it("lists only the caller's own bots", async () => {
    const bots = (await server.call({ method: "GET", url: `${URL}/bots`, as: "manager" })).json().data as {
      _id: string;
    }[];
    expect(bots.map((b) => b._id)).toContain(managerBot);
    expect(bots.map((b) => b._id)).not.toContain(globexBot);
  });
});

describe("refusals write nothing", () => {
  const hindi = (n: number) => "क".repeat(n);
  it.each<[string, Record<string, unknown>, string, number]>([
    ["no name", { name: "" }, "name", 400],
    ["text over 3072 characters", { textMessageContent: "a".repeat(3073) }, "textMessageContent", 400],
    ["a carousel of one card", { type: "carousel", carouselList: carousel(1) }, "carouselList", 400],
    ["a carousel of eleven cards", { type: "carousel", carouselList: carousel(11) }, "carouselList", 400],
    [
      "TALL media with SMALL width",
      { type: "carousel", carouselList: carousel(2), height: "TALL", width: "SMALL" },
      "height",
      400,
    ],
    ["a Hindi title of 201 bytes", { type: "standalone", standAlone: card(hindi(67)) }, "standAlone.cardTitle", 400],
    [
      "a description of 2001 bytes",
      { type: "standalone", standAlone: card("t", { cardDescription: "d".repeat(2001) }) },
      "standAlone.cardDescription",
      400,
    ],
    [
      "twelve message suggestions",
      { suggestions: Array.from({ length: 12 }, (_, i) => reply(`r${i}`)) },
      "suggestions",
      400,
    ],
    [
      "five suggestions on a card",
      { type: "standalone", standAlone: card("t", { suggestions: ["a", "b", "c", "d", "e"].map(reply) }) },
      "standAlone.suggestions",
      400,
    ],
    ["a label of 26 characters", { suggestions: [reply("x".repeat(26))] }, "suggestions.0.text", 400],
    ["a URL suggestion without URL", { suggestions: [{ type: "url", text: "Open" }] }, "suggestions.0.url", 400],
    [
      "a dial suggestion without number",
      { suggestions: [{ type: "dial", text: "Call" }] },
      "suggestions.0.phoneNumber",
      400,
    ],
    [
      "a location with neither place nor coordinates",
      { suggestions: [{ type: "location", text: "Map" }] },
      "suggestions.0.query",
      400,
    ],
    [
      "a calendar event without title",
      {
        suggestions: [
          { type: "calendar", text: "Save", startTime: "2026-12-01T10:00:00Z", endTime: "2026-12-01T11:00:00Z" },
        ],
      },
      "suggestions.0.title",
      400,
    ],
    ["an unknown template type", { type: "video" }, "type", 400],
    ["an unknown field", { colour: "red" }, "colour", 400],
    ["another account's bot", { botId: "GLOBEX" }, "botId", 400],
    ["a bot id that is not an id", { botId: "nope" }, "botId", 400],
  ])("%s", async (_, over, field, status) => {
    const before = await templateCount();
    const payload = textDraft({ ...over, ...(over.botId === "GLOBEX" ? { botId: globexBot } : {}) });
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await templateCount()).toBe(before);
  });

  it("refuses a second template of the same name with a field message (409)", async () => {
    const name = uniqueName("dup");
    await created(textDraft({ name }));
    const before = await templateCount();
    const res = await create(textDraft({ name }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: "You already have a template with this name",
      errors: [{ field: "name", message: "You already have a template with this name" }],
    });
    expect(await templateCount()).toBe(before);
  });

  it("refuses an update that breaks a rule and leaves the row as it was", async () => {
    const id = await created();
    const before = (await server.database.db.select().from(rcsTemplates).where(eq(rcsTemplates.id, id)))[0];
    const res = await server.call({
      method: "PUT",
      url: `${URL}/${id}`,
      as: "manager",
      payload: textDraft({ name: before.name, textMessageContent: "" }),
    });
    expect(res.statusCode).toBe(400);
    expect((await server.database.db.select().from(rcsTemplates).where(eq(rcsTemplates.id, id)))[0]).toEqual(before);
  });
});

describe("tenancy", () => {
  it("answers 404 to another account for get, update and delete, and leaves the template alone", async () => {
    const id = await created();
    const before = (await server.database.db.select().from(rcsTemplates).where(eq(rcsTemplates.id, id)))[0];
    for (const as of ["globex", "user"] as const) {
      expect((await server.call({ method: "GET", url: `${URL}/${id}`, as })).statusCode).toBe(404);
      const put = await server.call({
        method: "PUT",
        url: `${URL}/${id}`,
        as,
        payload: textDraft({ botId: globexBot }),
      });
      expect(put.statusCode).toBe(404);
      expect((await server.call({ method: "DELETE", url: `${URL}/${id}`, as })).statusCode).toBe(404);
      const list = (await server.call({ method: "GET", url: `${URL}?limit=100`, as })).json();
      expect(list.data.map((t: { _id: string }) => t._id)).not.toContain(id);
    }
    expect((await server.database.db.select().from(rcsTemplates).where(eq(rcsTemplates.id, id)))[0]).toEqual(before);
  });

  it("lets the admin read and edit any account's template, with the owner's bots", async () => {
    const id = await created();
    expect((await server.call({ method: "GET", url: `${URL}/${id}`, as: "admin" })).statusCode).toBe(200);
    const name = uniqueName("by-admin");
    const ok = await server.call({ method: "PUT", url: `${URL}/${id}`, as: "admin", payload: textDraft({ name }) });
    expect(ok.statusCode).toBe(200);
    const wrongBot = await server.call({
      method: "PUT",
      url: `${URL}/${id}`,
      as: "admin",
      payload: textDraft({ name, botId: globexBot }),
    });
    expect(wrongBot.statusCode).toBe(400);
  });
});

describe("template library", () => {
  it("holds at least 20 templates over every industry and channel", async () => {
    const all = (await server.call({ method: "GET", url: "/api/v1/template-library", as: "manager" })).json();
    expect(all.count).toBeGreaterThanOrEqual(20);
    const data = all.data as { channel: string; industry: string; rcs?: { type: string }; body?: string }[];
    for (const industry of LIBRARY_INDUSTRIES)
      for (const channel of LIBRARY_CHANNELS)
        expect(
          data.some((t) => t.industry === industry && t.channel === channel),
          `${industry}/${channel}`,
        ).toBe(true);
    expect(data.filter((t) => t.channel === "rcs").every((t) => t.rcs)).toBe(true);
    expect(new Set(data.filter((t) => t.rcs).map((t) => t.rcs?.type))).toEqual(
      new Set(["text", "standalone", "carousel"]),
    );
  });

  it("filters by channel, industry and search", async () => {
    const res = (
      await server.call({ method: "GET", url: "/api/v1/template-library?channel=rcs&industry=travel", as: "user" })
    ).json();
    expect(res.data.map((t: { id: string }) => t.id).sort()).toEqual([
      "travel-boarding-pass",
      "travel-weekend-getaways",
    ]);
    const search = (
      await server.call({ method: "GET", url: "/api/v1/template-library?search=OTP", as: "user" })
    ).json();
    expect(search.data.map((t: { id: string }) => t.id)).toEqual(["banking-otp-sms"]);
  });

  it("serves one template by id, 404 for an unknown one", async () => {
    const one = (
      await server.call({ method: "GET", url: "/api/v1/template-library/retail-festive-sale", as: "user" })
    ).json();
    expect(one.data).toMatchObject({ id: "retail-festive-sale", channel: "rcs", rcs: { type: "standalone" } });
    expect((await server.call({ method: "GET", url: "/api/v1/template-library/nope", as: "user" })).statusCode).toBe(
      404,
    );
  });

  it("every RCS library template passes the RCS rules once a bot and name are chosen", async () => {
    const rcs = (
      await server.call({ method: "GET", url: "/api/v1/template-library?channel=rcs", as: "manager" })
    ).json().data as { id: string; rcs: Record<string, unknown> }[];
    for (const t of rcs) {
      const res = await create({
        ...t.rcs,
        botId: managerBot,
        name: uniqueName(t.id),
        fromLibrary: true,
        libraryId: t.id,
      });
      expect(res.statusCode, `${t.id}: ${res.body}`).toBe(201);
    }
  });
});
