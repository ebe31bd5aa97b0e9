// Labels on conversations (issue 40 item 3): a conversation's labels are its customer's contact's, set from the thread
// or in bulk by the owner and by agents on the conversations they reach, never across tenants or onto a teammate's.
// Colours: one per label per contacts owner, set by the owner only. Then every inbox filter against a reference
// written here from the rows, and saved views per sign-in with their counts.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/sql";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
let managerId = "";
let ashaId = "";
let otherAgentId = "";
/** Conversations made here, by name: numbers are unique to this file so contacts start empty. */
const made = new Map<string, string>();

interface Conversation {
  _id: string;
  customerNumber: string;
  labels: { name: string; color: string }[];
}

const SEEDED: [
  name: string,
  channel: string,
  status: string,
  agent: "asha" | "other" | null,
  unread: number,
  waitMin: number | null,
][] = [
  ["open-wa-unassigned", "whatsapp", "open", null, 2, 30],
  ["open-sms-asha", "sms", "open", "asha", 0, 90],
  ["resolved-rcs", "rcs", "resolved", null, 0, null],
  ["open-wa-other", "whatsapp", "open", "other", 1, 5],
  ["open-wa-answered", "whatsapp", "open", null, 0, null],
];

beforeAll(async () => {
  server = await startServer();
  managerId = await server.id("manager");
  const db = server.database.db;
  [{ id: ashaId = "" } = { id: "" }] = await rowsOf<{ id: string }>(
    db,
    sql`select id from live_agents where owner_id = ${managerId} and name = 'Asha Verma'`,
  );
  [{ id: otherAgentId = "" } = { id: "" }] = await rowsOf<{ id: string }>(
    db,
    sql`insert into live_agents (owner_id, name, email, status) values (${managerId}, 'Ravi Other', 'ravi@example.com', 'active') returning id`,
  );
  for (const [i, [name, channel, status, agent, unread, waitMin]] of SEEDED.entries()) {
    const agentId = agent === "asha" ? ashaId : agent === "other" ? otherAgentId : null;
    // Waiting ones: the customer's message is the last; the answered one has a reply after the customer's message.
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`insert into conversations (user_id, channel, customer_number, business_address, status, assigned_agent_id,
          unread_count, last_inbound_at, last_message_at)
        values (${managerId}, ${channel}, ${`+9199000011${i}0`}, 'labels-test', ${status}, ${agentId}, ${unread},
          now() - make_interval(mins => ${waitMin ?? 60}), now() - make_interval(mins => ${waitMin ?? 20}))
        returning id`,
    );
    made.set(name, row!.id);
  }
});
afterAll(async () => server?.close());

const relabel = (as: DemoName, ids: string[], add: string[], remove: string[] = []) =>
  server.call({ method: "POST", url: "/api/v1/chats/labels", as, payload: { ids, add, remove } });
const id = (name: string) => made.get(name) ?? "";
const contactLabels = async (number: string) =>
  (
    await rowsOf<{ labels: string[] }>(
      server.database.db,
      sql`select labels from contacts where user_id = ${managerId} and number = ${number}`,
    )
  )[0]?.labels ?? null;
const numberOf = (name: string) => `+9199000011${SEEDED.findIndex(([n]) => n === name)}0`;

describe("labels on conversations", () => {
  it("the owner labels one from the thread: the customer's contact gets it, the record shows it coloured", async () => {
    expect(await contactLabels(numberOf("open-wa-unassigned"))).toBeNull();
    const res = await relabel("manager", [id("open-wa-unassigned")], ["VIP", "Billing"]);
    expect(res.statusCode, res.body).toBe(200);
    const [record] = (res.json() as { data: Conversation[] }).data;
    expect(record?.labels.map((l) => l.name)).toEqual(["Billing", "VIP"]);
    expect(await contactLabels(numberOf("open-wa-unassigned"))).toEqual(["Billing", "VIP"]);
    const get = await server.call({ method: "GET", url: `/api/v1/chats/${id("open-wa-unassigned")}`, as: "manager" });
    expect((get.json() as { data: Conversation }).data.labels).toEqual(record?.labels);
  });

  it("in bulk: added to several, removed from one; a label both added and removed ends removed", async () => {
    const ids = [id("open-sms-asha"), id("resolved-rcs"), id("open-wa-other")];
    expect((await relabel("manager", ids, ["Follow-up"])).statusCode).toBe(200);
    for (const name of ["open-sms-asha", "resolved-rcs", "open-wa-other"])
      expect(await contactLabels(numberOf(name)), name).toEqual(["Follow-up"]);
    expect((await relabel("manager", [id("resolved-rcs")], ["X"], ["Follow-up", "X"])).statusCode).toBe(200);
    expect(await contactLabels(numberOf("resolved-rcs"))).toEqual([]);
  });

  const REFUSED: [string, DemoName, string][] = [
    ["an agent on a teammate's conversation", "agent", "open-wa-other"],
    ["another tenant", "globex", "open-wa-answered"],
    ["a sub-user with its own inbox", "priya", "open-wa-answered"],
  ];
  it.each(REFUSED)("%s: refused, nothing written", async (_, as, name) => {
    const before = await contactLabels(numberOf(name));
    const res = await relabel(as, [id(name)], ["Hijack"]);
    expect(res.statusCode).toBe(400);
    expect(await contactLabels(numberOf(name))).toEqual(before);
  });

  it("an agent labels the unassigned and its own; a mixed selection changes only those it reaches", async () => {
    const res = await relabel("agent", [id("open-sms-asha"), id("open-wa-other"), id("open-wa-answered")], ["Agent"]);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: Conversation[] }).data.map((c) => c._id).sort()).toEqual(
      [id("open-sms-asha"), id("open-wa-answered")].sort(),
    );
    expect(await contactLabels(numberOf("open-wa-other"))).toEqual(["Follow-up"]);
    expect(await contactLabels(numberOf("open-wa-answered"))).toEqual(["Agent"]);
  });

  it("bad input: no labels, an empty or over-long label, too many ids: 400 and nothing written", async () => {
    const bodies = [
      { ids: [id("open-wa-answered")] },
      { ids: [id("open-wa-answered")], add: [""] },
      { ids: [id("open-wa-answered")], add: ["x".repeat(41)] },
      { ids: [], add: ["A"] },
      { ids: ["not-a-uuid"], add: ["A"] },
    ];
    for (const payload of bodies) {
      const res = await server.call({ method: "POST", url: "/api/v1/chats/labels", as: "manager", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await contactLabels(numberOf("open-wa-answered"))).toEqual(["Agent"]);
  });

  it("colours: the owner sets one, everyone sees it; an agent may not", async () => {
    const set = (as: DemoName) =>
      server.call({ method: "POST", url: "/api/v1/chats/labels/colors", as, payload: { name: "VIP", color: "gold" } });
    expect((await set("agent")).statusCode).toBe(403);
    expect((await set("manager")).statusCode).toBe(200);
    const bad = await server.call({
      method: "POST",
      url: "/api/v1/chats/labels/colors",
      as: "manager",
      payload: { name: "VIP", color: "#ff0000" },
    });
    expect(bad.statusCode).toBe(400);
    const labels = await server.call({ method: "GET", url: "/api/v1/chats/labels", as: "agent" });
    const list = (labels.json() as { data: { name: string; color: string }[] }).data;
    expect(list).toContainEqual({ name: "VIP", color: "gold" });
    expect(list.map((l) => l.name)).toEqual(expect.arrayContaining(["Agent", "Billing", "Follow-up"]));
    // Another tenant's list has none of them.
    const globex = await server.call({ method: "GET", url: "/api/v1/chats/labels", as: "globex" });
    expect((globex.json() as { data: { name: string }[] }).data.map((l) => l.name)).not.toContain("VIP");
    const get = await server.call({ method: "GET", url: `/api/v1/chats/${id("open-wa-unassigned")}`, as: "agent" });
    expect((get.json() as { data: Conversation }).data.labels).toContainEqual({ name: "VIP", color: "gold" });
  });
});

interface Ref {
  id: string;
  channel: string;
  status: string;
  agent: string | null;
  unread: number;
  waitingMin: number | null;
  labels: string[];
}

/** Every conversation of the manager's inbox with what the filters look at, read straight from the tables. */
const reference = () =>
  rowsOf<Ref>(
    server.database.db,
    sql`select v.id, v.channel, v.status, v.assigned_agent_id as agent, v.unread_count as unread,
        case when v.last_inbound_at >= v.last_message_at
          then extract(epoch from now() - v.last_message_at) / 60 end::float as "waitingMin",
        coalesce(c.labels, '{}') as labels
      from conversations v left join contacts c on c.user_id = v.user_id and c.number = v.customer_number
      where v.user_id = ${managerId}`,
  );

async function listAll(query: Record<string, string>, as: DemoName = "manager") {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total = -1;
  do {
    const search = new URLSearchParams({ ...query, limit: "100", ...(cursor ? { cursor } : {}) });
    const res = await server.call({ method: "GET", url: `/api/v1/chats?${search.toString()}`, as });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: { _id: string }[]; nextCursor: string | null; total: number };
    if (total < 0) total = page.total;
    ids.push(...page.data.map((c) => c._id));
    cursor = page.nextCursor;
  } while (cursor);
  return { ids: ids.sort(), total };
}

const FILTERS: [string, Record<string, string>, (r: Ref) => boolean][] = [
  ["label", { label: "Follow-up" }, (r) => r.labels.includes("Follow-up")],
  ["label, open", { label: "Follow-up", status: "open" }, (r) => r.labels.includes("Follow-up") && r.status === "open"],
  ["label nobody has", { label: "Nobody" }, () => false],
  ["channel", { channel: "sms" }, (r) => r.channel === "sms"],
  ["status", { status: "resolved" }, (r) => r.status === "resolved"],
  ["assignee: an agent", { agentId: "<asha>" }, (r) => r.agent === ashaId],
  ["assignee: unassigned", { scope: "unassigned" }, (r) => r.agent === null],
  ["unread", { unread: "true" }, (r) => r.unread > 0],
  ["waiting > 15 min", { waitingMinutes: "15" }, (r) => r.status === "open" && (r.waitingMin ?? 0) > 15],
  [
    "waiting > 60 min, WhatsApp",
    { waitingMinutes: "60", channel: "whatsapp" },
    (r) => r.status === "open" && r.channel === "whatsapp" && (r.waitingMin ?? 0) > 60,
  ],
  ["unread and labelled", { unread: "true", label: "VIP" }, (r) => r.unread > 0 && r.labels.includes("VIP")],
];

describe("inbox filters, each against the rows", () => {
  it.each(FILTERS)("%s", async (_, query, keep) => {
    const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v === "<asha>" ? ashaId : v]));
    const expected = (await reference())
      .filter(keep)
      .map((r) => r.id)
      .sort();
    // Each filter keeps some rows and drops others, so a filter that did nothing (or everything) would fail here.
    if (query.label !== "Nobody") expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan((await reference()).length);
    const { ids, total } = await listAll(q);
    expect(ids).toEqual(expected);
    expect(total).toBe(expected.length);
  });

  it("an agent's filters stay within its reach (its own and the unassigned)", async () => {
    const expected = (await reference())
      .filter((r) => r.labels.includes("Follow-up") && (r.agent === null || r.agent === ashaId))
      .map((r) => r.id)
      .sort();
    expect((await listAll({ label: "Follow-up" }, "agent")).ids).toEqual(expected);
    // A teammate's conversations stay out even when asked for by agent id.
    expect((await listAll({ agentId: otherAgentId }, "agent")).ids).toEqual([]);
  });

  it("bad filters answer 400", async () => {
    for (const q of ["waitingMinutes=0", "waitingMinutes=abc", "unread=yes", `label=${"x".repeat(41)}`]) {
      const res = await server.call({ method: "GET", url: `/api/v1/chats?${q}`, as: "manager" });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe("saved views", () => {
  type View = { _id: string; name: string; filter: Record<string, unknown>; count: number; countExact: boolean };
  const create = (as: DemoName, name: string, filter: Record<string, unknown>) =>
    server.call({ method: "POST", url: "/api/v1/chat-views", as, payload: { name, filter } });
  const views = async (as: DemoName) =>
    ((await server.call({ method: "GET", url: "/api/v1/chat-views", as })).json() as { data: View[] }).data;

  it("per sign-in, with counts equal to the list's totals; the same name twice is refused", async () => {
    const filters: [string, Record<string, unknown>, Record<string, string>][] = [
      ["Follow-ups", { label: "Follow-up" }, { label: "Follow-up" }],
      ["Waiting WhatsApp", { channel: "whatsapp", waitingMinutes: 15 }, { channel: "whatsapp", waitingMinutes: "15" }],
      ["Unread open", { unread: true, status: "open" }, { unread: "true", status: "open" }],
    ];
    for (const [name, filter] of filters) expect((await create("manager", name, filter)).statusCode).toBe(201);
    expect((await create("manager", "Follow-ups", {})).statusCode).toBe(409);
    const mine = await views("manager");
    expect(mine.map((v) => v.name)).toEqual(filters.map(([n]) => n));
    for (const [name, filter, query] of filters) {
      const view = mine.find((v) => v.name === name);
      expect(view?.filter).toEqual(filter);
      expect(view?.count, name).toBe((await listAll(query)).total);
    }
    // The agent has none of them, and cannot delete them.
    expect(await views("agent")).toEqual([]);
    const first = mine[0]!;
    const del = (as: DemoName) => server.call({ method: "DELETE", url: `/api/v1/chat-views/${first._id}`, as });
    expect((await del("agent")).statusCode).toBe(404);
    expect((await del("manager")).statusCode).toBe(200);
    expect((await views("manager")).map((v) => v.name)).toEqual(["Waiting WhatsApp", "Unread open"]);
  });

  it("a view keeps the SLA order and the breached filter; the default order is stored as none", async () => {
    const table: [string, Record<string, unknown>, Record<string, unknown>][] = [
      ["By SLA", { status: "open", sort: "slaDue" }, { status: "open", sort: "slaDue" }],
      ["Breached by SLA", { slaBreached: true, sort: "slaDue" }, { slaBreached: true, sort: "slaDue" }],
      ["Newest", { status: "open", sort: "recent" }, { status: "open" }],
    ];
    for (const [name, filter] of table) expect((await create("manager", name, filter)).statusCode).toBe(201);
    const mine = await views("manager");
    for (const [name, , stored] of table) expect(mine.find((v) => v.name === name)?.filter, name).toEqual(stored);
    // The order does not change what a view counts.
    const byName = (n: string) => mine.find((v) => v.name === n)!;
    expect(byName("By SLA").count).toBe((await listAll({ status: "open" })).total);
    expect(byName("Breached by SLA").count).toBe((await listAll({ slaBreached: "true" })).total);
    expect((await create("manager", "Odd sort", { sort: "oldest" })).statusCode).toBe(400);
    for (const [name] of table)
      await server.call({ method: "DELETE", url: `/api/v1/chat-views/${byName(name)._id}`, as: "manager" });
  });

  it("an agent's view counts within its reach", async () => {
    expect((await create("agent", "My follow-ups", { label: "Follow-up" })).statusCode).toBe(201);
    const [view] = await views("agent");
    expect(view?.count).toBe((await listAll({ label: "Follow-up" }, "agent")).total);
  });

  it("bad views: unknown filter keys, blank names: 400 and nothing saved", async () => {
    const before = (await views("manager")).length;
    expect((await create("manager", "   ", {})).statusCode).toBe(400);
    expect((await create("manager", "Odd", { colour: "red" })).statusCode).toBe(400);
    expect((await create("manager", "Odd", { waitingMinutes: -1 })).statusCode).toBe(400);
    expect((await views("manager")).length).toBe(before);
  });
});
