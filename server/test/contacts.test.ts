import { and, eq } from "drizzle-orm";
import type { ContactUpdatedData } from "../../contract/domain/webhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactAttributeDefs, contacts, webhookDeliveries, webhookEndpoints } from "../db/schema";
import { receiveInbound } from "../services/chats/inbound";
import { createEndpoint } from "../services/webhooks/endpoints";
import { rcsSetup } from "./campaign-control-fixtures";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const URL_ = "/api/v1/contacts";
const create = (as: DemoName, payload: Record<string, unknown>) =>
  server.call({ method: "POST", url: URL_, as, payload });
const list = async (as: DemoName, query: Record<string, string> = {}) =>
  (await server.call({ method: "GET", url: `${URL_}?${new URLSearchParams(query)}`, as })).json();
const numbersOf = async (as: DemoName, query: Record<string, string> = {}) =>
  (await list(as, query)).data.map((c: { number: string }) => c.number).sort();
const rowsOf = async (as: DemoName) =>
  server.database.db
    .select()
    .from(contacts)
    .where(eq(contacts.userId, await server.id(as)));
const attribute = (as: DemoName, payload: Record<string, unknown>) =>
  server.call({ method: "POST", url: "/api/v1/contact-attributes", as, payload });

beforeEach(async () => {
  await server.database.db.delete(contacts);
  await server.database.db.delete(contactAttributeDefs);
});

describe("contacts: whose they are", () => {
  // A manager's users and department heads work on the manager's contacts; another manager has its own.
  it.each([
    ["manager", "manager"],
    ["user", "manager"],
    ["depthead", "manager"],
    ["globex", "globex"],
  ] as const)("%s's contact belongs to %s", async (as, owner) => {
    const res = await create(as, { number: "98765 43210", name: "Asha" });
    expect(res.statusCode).toBe(201);
    expect(await rowsOf(owner)).toHaveLength(1);
  });

  it.each(["admin", "reseller"] as const)("%s may not call contacts (403, nothing written)", async (as) => {
    const res = await create(as, { number: "9876543210" });
    expect(res.statusCode).toBe(403);
    expect(await server.database.db.select().from(contacts)).toHaveLength(0);
  });

  it("keeps accounts apart: another account's contact answers 404 and is never changed or deleted", async () => {
    const mine = (await create("manager", { number: "9876543210", name: "Mine" })).json().data;
    const theirs = (await create("globex", { number: "9876543210", name: "Theirs" })).json().data;
    expect(await numbersOf("globex")).toEqual(["+919876543210"]);
    const reads = [
      { method: "GET" as const, url: `${URL_}/${mine.id}` },
      { method: "PUT" as const, url: `${URL_}/${mine.id}`, payload: { name: "Stolen" } },
    ];
    for (const r of reads) expect((await server.call({ ...r, as: "globex" })).statusCode).toBe(404);
    const removed = await server.call({
      method: "POST",
      url: `${URL_}/remove`,
      as: "globex",
      payload: { ids: [mine.id] },
    });
    expect(removed.json()).toMatchObject({ count: 0 });
    const relabelled = await server.call({
      method: "POST",
      url: `${URL_}/labels`,
      as: "globex",
      payload: { ids: [mine.id], add: ["vip"] },
    });
    expect(relabelled.json()).toMatchObject({ count: 0 });
    const [row] = await rowsOf("manager");
    expect(row).toMatchObject({ name: "Mine", labels: [] });
    expect((await server.call({ method: "GET", url: `${URL_}/${theirs.id}`, as: "user" })).statusCode).toBe(404);
  });
});

describe("contacts: from chats", () => {
  // A customer writing first to an inbox becomes a contact of the account's manager, once; a contact deleted later is
  // not brought back by the next message of the same conversation.
  it.each([
    ["user", "manager"],
    ["globex", "globex"],
  ] as const)("a first message to %s's inbox makes a contact of %s (source chat)", async (inbox, owner) => {
    const bot = await rcsSetup(server.database.db, await server.id(inbox));
    const from = inbox === "user" ? "+917320000001" : "+917320000002";
    const write = (text: string, k: number) =>
      receiveInbound(server.database.db, [
        { type: "inbound", channel: "rcs", from, to: bot.botId, text, at: new Date(Date.now() + k) },
      ]);
    await write("Hello", 0);
    await write("Anyone there?", 1);
    const made = (await rowsOf(owner)).filter((c) => c.number === from);
    expect(made.map((c) => [c.number, c.source])).toEqual([[from, "chat"]]);
    if (inbox === "user") expect((await rowsOf("user")).filter((c) => c.number === from)).toEqual([]);
    await server.database.db.delete(contacts).where(eq(contacts.id, made[0]?.id ?? ""));
    await write("Still there?", 2);
    expect((await rowsOf(owner)).filter((c) => c.number === from)).toEqual([]);
  });
});

describe("contacts: from chats, as events", () => {
  it("a chat-made contact is one contact.updated event of the contacts' owner (source chat), the next message none", async () => {
    const manager = await server.id("manager");
    const endpoint = await createEndpoint(
      server.database.db,
      manager,
      { url: "http://127.0.0.1:9/hook", events: ["contact.updated"] },
      { allowPrivate: true, requireHttps: false },
    );
    const bot = await rcsSetup(server.database.db, await server.id("user"));
    const from = "+917320000011";
    const events = async () =>
      (
        await server.database.db
          .select({ body: webhookDeliveries.body })
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.userId, manager), eq(webhookDeliveries.event, "contact.updated")))
      ).map((r) => (JSON.parse(r.body) as { data: ContactUpdatedData }).data);
    const before = (await events()).length;
    for (const [k, text] of ["Hello", "Me again"].entries())
      await receiveInbound(server.database.db, [
        { type: "inbound", channel: "rcs", from, to: bot.botId, text, at: new Date(Date.now() + k) },
      ]);
    const made = (await events()).slice(before);
    expect(made).toEqual([
      expect.objectContaining({
        action: "created",
        source: "chat",
        number: from,
        contact: expect.objectContaining({ number: from }),
      }),
    ]);
    await server.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.record.id));
  });
});

describe("contacts: numbers", () => {
  it.each([
    ["98765 43210", "+919876543210"],
    ["+91 98765-43210", "+919876543210"],
    ["0091 9876543210", "+919876543210"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+1 (415) 555-2671", "+14155552671"],
  ])("stores %s as %s", async (typed, e164) => {
    const res = await create("manager", { number: typed });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.number).toBe(e164);
  });

  it.each(["12345", "+91 98765", "abc"])("refuses %s with 400 and writes nothing", async (typed) => {
    const res = await create("manager", { number: typed });
    expect(res.statusCode).toBe(400);
    expect(await rowsOf("manager")).toHaveLength(0);
  });

  it("keeps a number unique per account, however it is typed (409 on create and on update)", async () => {
    expect((await create("manager", { number: "9876543210" })).statusCode).toBe(201);
    const again = await create("user", { number: "+91 98765 43210", name: "Twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A contact with the number +919876543210 already exists");
    const other = (await create("manager", { number: "9876543211" })).json().data;
    const moved = await server.call({
      method: "PUT",
      url: `${URL_}/${other.id}`,
      as: "manager",
      payload: { number: "98765 43210" },
    });
    expect(moved.statusCode).toBe(409);
    expect(await numbersOf("manager")).toEqual(["+919876543210", "+919876543211"]);
  });
});

describe("contacts: validation writes nothing", () => {
  beforeEach(async () => {
    await attribute("manager", { key: "city", label: "City", type: "text" });
    await attribute("manager", { key: "visits", label: "Visits", type: "number" });
    await attribute("manager", { key: "renews", label: "Renews on", type: "date" });
    await attribute("manager", { key: "vip", label: "VIP", type: "boolean" });
    await attribute("manager", { key: "plan", label: "Plan", type: "choice", choices: ["gold", "silver"] });
  });

  it.each([
    [{ number: "9876543210", email: "not-an-email" }, "email"],
    [{ number: "9876543210", language: "english please" }, "language"],
    [{ number: "9876543210", labels: ["x".repeat(41)] }, "labels"],
    [{ number: "9876543210", extra: 1 }, "extra"],
    [{ number: "9876543210", attributes: { unknown: "x" } }, "attributes.unknown"],
    [{ number: "9876543210", attributes: { visits: "three" } }, "attributes.visits"],
    [{ number: "9876543210", attributes: { renews: "2026-02-30" } }, "attributes.renews"],
    [{ number: "9876543210", attributes: { vip: "yes" } }, "attributes.vip"],
    [{ number: "9876543210", attributes: { plan: "bronze" } }, "attributes.plan"],
  ])("refuses %j (%s)", async (payload, field) => {
    const res = await create("manager", payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field.split(".").at(-1));
    expect(await rowsOf("manager")).toHaveLength(0);
  });

  it("stores typed values that fit their definitions, and an update with a bad value changes nothing", async () => {
    const attributes = { city: "Pune", visits: 3, renews: "2027-01-31", vip: true, plan: "gold" };
    const res = await create("manager", { number: "9876543210", attributes });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toEqual(attributes);
    const bad = await server.call({
      method: "PUT",
      url: `${URL_}/${res.json().data.id}`,
      as: "manager",
      payload: { name: "Changed", attributes: { visits: "many" } },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await rowsOf("manager");
    expect(row).toMatchObject({ name: "", attributes });
  });

  it("removing a definition removes its values from every contact", async () => {
    await create("manager", { number: "9876543210", attributes: { city: "Pune", visits: 2 } });
    const defs = (await server.call({ method: "GET", url: "/api/v1/contact-attributes", as: "user" })).json().data;
    expect(defs.map((d: { key: string }) => d.key)).toEqual(["city", "visits", "renews", "vip", "plan"]);
    const city = defs.find((d: { key: string }) => d.key === "city");
    const del = await server.call({ method: "DELETE", url: `/api/v1/contact-attributes/${city.id}`, as: "manager" });
    expect(del.statusCode).toBe(200);
    const [row] = await rowsOf("manager");
    expect(row.attributes).toEqual({ visits: 2 });
  });

  it("refuses a duplicate key (409) and a choice without choices (400)", async () => {
    expect((await attribute("manager", { key: "city", label: "Town", type: "text" })).statusCode).toBe(409);
    expect((await attribute("manager", { key: "tier", label: "Tier", type: "choice" })).statusCode).toBe(400);
    expect((await attribute("manager", { key: "Bad Key", label: "X", type: "text" })).statusCode).toBe(400);
    const rows = await server.database.db.select().from(contactAttributeDefs);
    expect(rows).toHaveLength(5);
  });
});

describe("contacts: search, labels, paging, export", () => {
  beforeEach(async () => {
    const people = [
      ["9876543210", "Siobhan O'Brien", "siobhan@example.com", ["vip"]],
      ["9876500001", "Arjun Rao", "arjun@rao.in", ["vip", "pune"]],
      ["9123400002", "Meera Nair", "meera@example.com", []],
    ] as const;
    for (const [number, name, email, labels] of people)
      expect((await create("manager", { number, name, email, labels })).statusCode).toBe(201);
  });

  it.each([
    [{ q: "O'Brien" }, ["+919876543210"]],
    [{ q: "o'brien; --" }, []],
    [{ q: "98765" }, ["+919876500001", "+919876543210"]],
    [{ q: "+91 91234" }, ["+919123400002"]],
    [{ q: "RAO" }, ["+919876500001"]],
    [{ q: "example.com" }, ["+919123400002", "+919876543210"]],
    [{ q: "100%" }, []],
    [{ label: "vip" }, ["+919876500001", "+919876543210"]],
    [{ label: "vip", q: "arjun" }, ["+919876500001"]],
    [{ label: "nobody" }, []],
  ])("finds %j", async (query, expected) => {
    expect(await numbersOf("user", query)).toEqual(expected);
  });

  it("answers the account's labels for the filter", async () => {
    expect((await list("depthead")).labels).toEqual(["pune", "vip"]);
  });

  it("lists a label while a contact carries it or it has a colour; one taken off every contact goes", async () => {
    const made = (await create("manager", { number: "9876511111", labels: ["gone-soon", "kept"] })).json().data;
    expect((await list("manager")).labels).toEqual(expect.arrayContaining(["gone-soon", "kept"]));
    const colored = await server.call({
      method: "POST",
      url: "/api/v1/chats/labels/colors",
      as: "manager",
      payload: { name: "kept", color: "green" },
    });
    expect(colored.statusCode, colored.body).toBe(200);
    const off = await server.call({
      method: "POST",
      url: `${URL_}/labels`,
      as: "manager",
      payload: { ids: [made.id], remove: ["gone-soon", "kept"] },
    });
    expect(off.json()).toMatchObject({ count: 1 });
    const labels = (await list("manager")).labels as string[];
    expect(labels).toContain("kept");
    expect(labels).not.toContain("gone-soon");
  });

  it("pages by cursor without repeats or gaps, last updated first", async () => {
    const first = await list("manager", { limit: "2" });
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list("manager", { limit: "2", cursor: first.nextCursor });
    expect(second.data).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.data, ...second.data].map((c: { name: string }) => c.name);
    expect(seen).toEqual(["Meera Nair", "Arjun Rao", "Siobhan O'Brien"]);
    const bad = await server.call({ method: "GET", url: `${URL_}?cursor=nonsense`, as: "manager" });
    expect(bad.statusCode).toBe(400);
  });

  it("adds and removes labels on several contacts at once", async () => {
    const ids = (await list("manager")).data.map((c: { id: string }) => c.id);
    const res = await server.call({
      method: "POST",
      url: `${URL_}/labels`,
      as: "user",
      payload: { ids, add: ["diwali", "vip"], remove: ["pune"] },
    });
    expect(res.json()).toMatchObject({ success: true, count: 3, message: "Labels changed on 3 contacts" });
    const rows = await rowsOf("manager");
    expect(rows.map((r) => r.labels.join(",")).sort()).toEqual(["diwali,vip", "diwali,vip", "diwali,vip"]);
    const none = await server.call({ method: "POST", url: `${URL_}/labels`, as: "user", payload: { ids } });
    expect(none.statusCode).toBe(400);
  });

  it("deletes several contacts", async () => {
    const rows = await rowsOf("manager");
    const res = await server.call({
      method: "POST",
      url: `${URL_}/remove`,
      as: "depthead",
      payload: { ids: [rows[0].id, rows[1].id, "not-a-uuid"] },
    });
    expect(res.json()).toMatchObject({ count: 2, message: "2 contacts deleted" });
    expect(await rowsOf("manager")).toHaveLength(1);
  });

  it("exports the searched contacts as CSV with one column per attribute", async () => {
    await attribute("manager", { key: "city", label: "City", type: "text" });
    const [arjun] = (await list("manager", { q: "arjun" })).data;
    await server.call({
      method: "PUT",
      url: `${URL_}/${arjun.id}`,
      as: "manager",
      payload: { attributes: { city: "=Pune" } },
    });
    const res = await server.call({ method: "GET", url: `${URL_}/export?label=vip`, as: "user" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body.trim().split("\r\n");
    expect(lines[0]).toBe("number,name,email,language,labels,source,created_at,updated_at,city");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^\+919876500001,Arjun Rao,arjun@rao\.in,,vip; pune,console,.*,'=Pune$/);
  });
});
