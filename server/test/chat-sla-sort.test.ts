// "SLA due soonest" (issue 40 item 5): the inbox in the order of each conversation's next due (first response while the
// customer waits for a first reply, else resolution; overdue first; no running clock last, newest first), kept by the
// database as clocks start, stop and move; paged by cursor across the two parts; an agent's reach kept; pages by
// number and the other order's cursors refused. Every walk is compared with an order computed here from the clock
// columns, so the stored value and the walk are both checked.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../db/sql";
import { businessAddresses } from "../services/chats/addresses";
import { receiveInbound } from "../services/chats/inbound";
import { startSlaClocks } from "../services/chats/sla";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let owner = "";
let address = "";
let agentId = "";
let serial = 0;
const db = () => server.database.db;
const MIN = 60_000;

beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 3_600_000 });
  owner = await server.id("manager");
  address = (await businessAddresses(db(), owner)).find((a) => a.channel === "whatsapp")?.address ?? "";
  const [agent] = await rowsOf<{ id: string }>(
    db(),
    sql`select id::text as id from live_agents where user_id = ${await server.id("agent")}`,
  );
  agentId = agent?.id ?? "";
});
afterAll(async () => server?.close());

const settings = (first: number | null, resolution: number | null) =>
  server.call({
    method: "PUT",
    url: "/api/v1/chats/sla",
    as: "manager",
    payload: {
      timeZone: "Asia/Kolkata",
      businessHours: null,
      holidays: [],
      firstResponseMinutes: first,
      resolutionMinutes: resolution,
    },
  });

beforeEach(async () => {
  expect((await settings(30, 120)).statusCode).toBe(200);
});

/** A customer's message `minutesAgo` minutes ago in a new conversation; its clocks started unless `clock` is false. */
async function customerWrote(minutesAgo: number | Date, clock = true): Promise<string> {
  serial += 1;
  const received = await receiveInbound(db(), [
    {
      type: "inbound",
      channel: "whatsapp",
      from: `+9176${String(Date.now() % 1_000_000).padStart(6, "0")}${String(serial).padStart(2, "0")}`,
      to: address,
      text: "Is anyone there?",
      at: minutesAgo instanceof Date ? minutesAgo : new Date(Date.now() - minutesAgo * MIN),
    },
  ]);
  if (clock) await startSlaClocks(db(), received);
  return received[0]?.conversation.id ?? "";
}

const post = (url: string, as: "manager" | "agent" = "manager", payload?: Record<string, unknown>) =>
  server.call({ method: "POST", url, as, ...(payload && { payload }) });
const reply = (id: string) =>
  post(`/api/v1/chats/${id}/messages`, "manager", { clientId: `sort-${id}`, messageType: "text", text: "Looking" });

/** The expected order, from the clock columns: the rule written out again, apart from the generated column. */
async function expectedOrder(where = sql`true`): Promise<string[]> {
  const rows = await rowsOf<{
    id: string;
    status: string;
    first_due: string | null;
    first_at: string | null;
    resolve_start: string | null;
    resolve_due: string | null;
    last: string;
  }>(
    db(),
    sql`select id::text as id, status, sla_first_due::text as first_due, sla_first_at::text as first_at,
      sla_resolve_start::text as resolve_start, sla_resolve_due::text as resolve_due,
      to_char(last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as last
      from conversations where user_id = ${owner} and status = 'open' and ${where}`,
  );
  const due = (r: (typeof rows)[number]) =>
    r.resolve_start === null ? null : ((r.first_at === null ? r.first_due : null) ?? r.resolve_due);
  const ms = (t: string) => new Date(t).getTime();
  return rows
    .map((r) => ({ id: r.id, due: due(r), last: r.last }))
    .sort((a, b) => {
      if (a.due !== null && b.due !== null) return ms(a.due) - ms(b.due) || (a.id < b.id ? -1 : 1);
      if (a.due !== null || b.due !== null) return a.due === null ? 1 : -1;
      return a.last === b.last ? (a.id < b.id ? 1 : -1) : a.last < b.last ? 1 : -1;
    })
    .map((r) => r.id);
}

/** Every page of the open list in the SLA order, by cursor, `limit` at a time. */
async function walk(limit: number, as: "manager" | "agent" = "manager"): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await server.call({
      method: "GET",
      url: `/api/v1/chats?status=open&sort=slaDue&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`,
      as,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { _id: string }[]; nextCursor: string | null };
    seen.push(...body.data.map((c) => c._id));
    cursor = body.nextCursor;
  } while (cursor);
  return seen;
}

describe("SLA due soonest", () => {
  it("overdue first, then by due, then the conversations without a clock newest first; pages join seamlessly", async () => {
    const waitingLong = await customerWrote(40); // first response overdue by 10 minutes
    const waitingNew = await customerWrote(5); // first response due in 25
    const answered = await customerWrote(20); // replied to: resolution due in 100
    expect((await reply(answered)).statusCode).toBe(200);
    const noClock = await customerWrote(1, false);
    const order = await walk(3);
    expect(order).toEqual(await expectedOrder());
    const mine = order.filter((id) => [waitingLong, waitingNew, answered, noClock].includes(id));
    expect(mine).toEqual([waitingLong, waitingNew, answered, noClock]);
    // Page sizes that cut inside the due part, at its end and in the rest give the same order.
    for (const limit of [1, 2, 7, 100]) expect(await walk(limit), `limit ${limit}`).toEqual(order);
  });

  it("equal dues are ordered by id, and a cursor between them skips and repeats none", async () => {
    const at = new Date(Date.now() - 7 * MIN);
    const same = [await customerWrote(at), await customerWrote(at), await customerWrote(at)];
    const order = await walk(1);
    expect(order).toEqual(await expectedOrder());
    expect(order.filter((id) => same.includes(id))).toEqual([...same].sort());
  });

  it("the order follows the clocks: a reply moves to the resolution due, resolve and a settings save move them", async () => {
    const a = await customerWrote(10); // first due in 20
    const b = await customerWrote(2); // first due in 28
    const at = (id: string, order: string[]) => order.indexOf(id);
    let order = await walk(100);
    expect(at(a, order)).toBeLessThan(at(b, order));
    await reply(a); // a now waits on its resolution (due in 110): after b
    order = await walk(100);
    expect(order).toEqual(await expectedOrder());
    expect(at(a, order)).toBeGreaterThan(at(b, order));
    // Saving longer targets moves every running due: the expected order is recomputed from the moved columns.
    expect((await settings(600, 1200)).statusCode).toBe(200);
    expect(await walk(4)).toEqual(await expectedOrder());
    expect((await post(`/api/v1/chats/${b}/resolve`)).statusCode).toBe(200);
    order = await walk(100);
    expect(order).not.toContain(b);
    expect(order).toEqual(await expectedOrder());
    // Reopened by hand: its resolution clock runs again from now, and it is back among the due.
    expect((await post(`/api/v1/chats/${b}/reopen`)).statusCode).toBe(200);
    const [row] = await rowsOf<{ due: string | null }>(
      db(),
      sql`select sla_next_due::text as due from conversations where id = ${b}`,
    );
    expect(row?.due).not.toBeNull();
    expect(await walk(5)).toEqual(await expectedOrder());
  });

  it("an agent walks its reach (its own and the unassigned) in the same order", async () => {
    const theirs = await customerWrote(15);
    const unassigned = await customerWrote(25);
    const someoneElse = await customerWrote(28);
    await db().execute(sql`update conversations set assigned_agent_id = ${agentId} where id = ${theirs}`);
    const [other] = await rowsOf<{ id: string }>(
      db(),
      sql`insert into live_agents (owner_id, name, email, status) values (${owner}, 'Other', ${`other${serial}@example.com`}, 'active')
        returning id::text as id`,
    );
    await db().execute(sql`update conversations set assigned_agent_id = ${other?.id} where id = ${someoneElse}`);
    const order = await walk(2, "agent");
    expect(order).toEqual(
      await expectedOrder(sql`(assigned_agent_id is null or assigned_agent_id = ${agentId}::uuid)`),
    );
    expect(order).toEqual(expect.arrayContaining([theirs, unassigned]));
    expect(order).not.toContain(someoneElse);
  });

  it("a resolved list has no clock: newest first", async () => {
    const res = await server.call({
      method: "GET",
      url: "/api/v1/chats?status=resolved&sort=slaDue&limit=100",
      as: "manager",
    });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { data: { _id: string }[] }).data.map((c) => c._id);
    const newest = await server.call({ method: "GET", url: "/api/v1/chats?status=resolved&limit=100", as: "manager" });
    expect(ids).toEqual((newest.json() as { data: { _id: string }[] }).data.map((c) => c._id));
  });

  it("refuses a page number and the other order's cursor; the newest-first order refuses this one's", async () => {
    const get = (q: string) => server.call({ method: "GET", url: `/api/v1/chats?limit=1&${q}`, as: "manager" });
    await customerWrote(3);
    await customerWrote(4);
    const page2 = await get("sort=slaDue&page=2");
    expect(page2.statusCode).toBe(400);
    expect(page2.json().message).toMatch(/pages by cursor/);
    const recentCursor = (await get("sort=recent")).json().nextCursor as string;
    const slaCursor = (await get("sort=slaDue")).json().nextCursor as string;
    expect(recentCursor && slaCursor).toBeTruthy();
    expect((await get(`sort=slaDue&cursor=${recentCursor}`)).statusCode).toBe(400);
    expect((await get(`cursor=${slaCursor}`)).statusCode).toBe(400);
    expect((await get("sort=soonest")).statusCode).toBe(400);
  });
});
