// Fair assignment (issue 40 item 4): round robin among online agents under their capacity, away and offline agents
// skipped, nothing when the account has it off; the offline hand-over past the grace period; two conversations
// decided at once never push an agent past its capacity (PostgreSQL runs them on two connections); every change in
// the conversation's activity log.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PresenceState } from "../../contract/domain/chats";
import { rowsOf } from "../db/sql";
import { OFFLINE_HAND_OVER_JOB } from "../jobs/offline-hand-over";
import { autoAssignOne, reassignFromOffline, saveAssignSettings } from "../services/chats/auto-assign";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let owner = "";
const agents = new Map<string, string>();
const db = () => server.database.db;
let serial = 0;

beforeAll(async () => {
  server = await startServer();
  owner = await server.id("globex");
  // Ids decide the round robin's order: fixed ones, so the expected order is written here.
  const fixed: [string, string][] = [
    ["Anu", "00000000-0000-4000-8000-0000000000a1"],
    ["Bala", "00000000-0000-4000-8000-0000000000a2"],
    ["Chitra", "00000000-0000-4000-8000-0000000000a3"],
  ];
  for (const [name, id] of fixed) {
    await db().execute(sql`insert into live_agents (id, owner_id, name, email, status)
      values (${id}, ${owner}, ${name}, ${`${name.toLowerCase()}@globex.test`}, 'active')`);
    agents.set(name, id);
  }
});
afterAll(async () => server?.close());

const presence = (name: string, state: PresenceState, minutesAgo = 0) =>
  db().execute(sql`update live_agents set presence = ${state},
    presence_at = now() - make_interval(mins => ${minutesAgo}) where id = ${agents.get(name) ?? ""}`);

async function newConversation(assignedTo: string | null = null): Promise<string> {
  serial += 1;
  const [row] = await rowsOf<{ id: string }>(
    db(),
    sql`insert into conversations (user_id, channel, customer_number, business_address, assigned_agent_id)
      values (${owner}, 'whatsapp', ${`+9188000${String(serial).padStart(5, "0")}`}, 'auto-assign-test',
        ${assignedTo ? (agents.get(assignedTo) ?? null) : null}) returning id::text as id`,
  );
  return row!.id;
}

const nameOf = (id: string | null) => [...agents].find(([, v]) => v === id)?.[0] ?? null;
const assignNew = async () => nameOf(await autoAssignOne(db(), owner, await newConversation()));

beforeEach(async () => {
  await db().execute(sql`update conversations set status = 'resolved' where user_id = ${owner}`);
  await db().execute(sql`delete from inbox_settings where user_id = ${owner}`);
  for (const name of agents.keys()) await presence(name, "online");
});

describe("auto-assignment", () => {
  it("off by default: nothing is assigned", async () => {
    expect(await assignNew()).toBeNull();
  });

  it("round robin among online agents, in a circle", async () => {
    await saveAssignSettings(db(), owner, { autoAssign: true, agentCapacity: 10, offlineGraceMinutes: 10 });
    const order = [];
    for (let i = 0; i < 7; i += 1) order.push(await assignNew());
    expect(order).toEqual(["Anu", "Bala", "Chitra", "Anu", "Bala", "Chitra", "Anu"]);
  });

  it("skips away and offline agents", async () => {
    await saveAssignSettings(db(), owner, { autoAssign: true, agentCapacity: 10, offlineGraceMinutes: 10 });
    await presence("Bala", "away");
    await presence("Chitra", "offline");
    expect([await assignNew(), await assignNew(), await assignNew()]).toEqual(["Anu", "Anu", "Anu"]);
    await presence("Anu", "away");
    expect(await assignNew()).toBeNull();
  });

  it("capacity: an agent with as many open conversations as the capacity gets no more; resolved ones do not count", async () => {
    await saveAssignSettings(db(), owner, { autoAssign: true, agentCapacity: 2, offlineGraceMinutes: 10 });
    await newConversation("Anu");
    await newConversation("Anu");
    const resolved = await newConversation("Bala");
    await db().execute(sql`update conversations set status = 'resolved' where id = ${resolved}`);
    const got = [];
    for (let i = 0; i < 5; i += 1) got.push(await assignNew());
    // Anu is full; Bala and Chitra take two each, then everyone is full.
    expect(got).toEqual(["Bala", "Chitra", "Bala", "Chitra", null]);
  });

  it("two conversations at once never push an agent past its capacity", async () => {
    await saveAssignSettings(db(), owner, { autoAssign: true, agentCapacity: 1, offlineGraceMinutes: 10 });
    await presence("Bala", "offline");
    await presence("Chitra", "offline");
    const ids = await Promise.all([newConversation(), newConversation(), newConversation()]);
    const got = await Promise.all(ids.map((id) => autoAssignOne(db(), owner, id)));
    expect(got.filter((g) => g !== null).map(nameOf)).toEqual(["Anu"]);
    const [open] = await rowsOf<{ n: number }>(
      db(),
      sql`select count(*)::int as n from conversations where assigned_agent_id = ${agents.get("Anu") ?? ""} and status = 'open'`,
    );
    expect(open?.n).toBe(1);
  });

  it("an assigned or resolved conversation is left alone (the manager's override stays)", async () => {
    await saveAssignSettings(db(), owner, { autoAssign: true, agentCapacity: 10, offlineGraceMinutes: 10 });
    const manual = await newConversation("Chitra");
    expect(await autoAssignOne(db(), owner, manual)).toBeNull();
    const [row] = await rowsOf<{ agent: string }>(
      db(),
      sql`select assigned_agent_id::text as agent from conversations where id = ${manual}`,
    );
    expect(nameOf(row?.agent ?? null)).toBe("Chitra");
  });
});

describe("offline hand-over and the activity log", () => {
  it("past the grace period an offline agent's open conversations move on; within it they stay", async () => {
    await saveAssignSettings(db(), owner, { autoAssign: true, agentCapacity: 10, offlineGraceMinutes: 10 });
    const fresh = await newConversation("Bala");
    const stale = await newConversation("Chitra");
    await presence("Bala", "offline", 5);
    await presence("Chitra", "offline", 15);
    const moved = await reassignFromOffline(db());
    expect(moved.filter((m) => m.ownerId === owner).map((m) => m.conversationId)).toEqual([stale]);
    const rows = await rowsOf<{ id: string; agent: string | null }>(
      db(),
      sql`select id::text as id, assigned_agent_id::text as agent from conversations where id in (${fresh}, ${stale})`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, nameOf(r.agent)]))).toEqual({ [fresh]: "Bala", [stale]: "Anu" });
    const log = await rowsOf<{ kind: string; actor: string; to: string | null; from: string | null }>(
      db(),
      sql`select kind, actor, agent_id::text as to, from_agent_id::text as from from conversation_events
        where conversation_id = ${stale} order by id`,
    );
    expect(log.map((l) => [l.kind, l.actor, nameOf(l.to), nameOf(l.from)])).toEqual([
      ["assigned", "offline", "Anu", "Chitra"],
    ]);
  });

  it("the server's job does the hand-over on its round", async () => {
    await saveAssignSettings(db(), owner, { autoAssign: true, agentCapacity: 10, offlineGraceMinutes: 10 });
    const stale = await newConversation("Bala");
    await presence("Bala", "offline", 20);
    await server.app.jobs.get(OFFLINE_HAND_OVER_JOB)?.tick();
    const [row] = await rowsOf<{ agent: string | null }>(
      db(),
      sql`select assigned_agent_id::text as agent from conversations where id = ${stale}`,
    );
    expect(nameOf(row?.agent ?? null)).not.toBe("Bala");
    expect(["Anu", "Chitra"]).toContain(nameOf(row?.agent ?? null));
  });

  it("with nobody online, the hand-over gives the conversation back to the team, and says so", async () => {
    await saveAssignSettings(db(), owner, { autoAssign: true, agentCapacity: 10, offlineGraceMinutes: 10 });
    const stale = await newConversation("Chitra");
    for (const name of agents.keys()) await presence(name, "offline", 30);
    await reassignFromOffline(db());
    const log = await rowsOf<{ kind: string; to: string | null }>(
      db(),
      sql`select kind, agent_id::text as to from conversation_events where conversation_id = ${stale} order by id`,
    );
    expect(log).toEqual([{ kind: "unassigned", to: null }]);
  });
});

describe("the manager's override", () => {
  it("a manual assignment is written to the activity log with who made it", async () => {
    const manager = await server.id("manager");
    const [conversation] = await rowsOf<{ id: string }>(
      db(),
      sql`select id::text as id from conversations where user_id = ${manager} and assigned_agent_id is null limit 1`,
    );
    const [asha] = await rowsOf<{ id: string }>(
      db(),
      sql`select id::text as id from live_agents where owner_id = ${manager} and status = 'active' limit 1`,
    );
    const assign = (agentId: string | null) =>
      server.call({
        method: "POST",
        url: `/api/v1/chats/${conversation!.id}/assign`,
        as: "manager",
        payload: { agentId },
      });
    expect((await assign(asha!.id)).statusCode).toBe(200);
    expect((await assign(asha!.id)).statusCode).toBe(200);
    expect((await assign(null)).statusCode).toBe(200);
    const log = await rowsOf<{ kind: string; actor: string; to: string | null; from: string | null }>(
      db(),
      sql`select kind, actor, agent_id::text as to, from_agent_id::text as from from conversation_events
        where conversation_id = ${conversation!.id} order by id`,
    );
    // The same assignment twice is one line: nothing changed the second time.
    expect(log).toEqual([
      { kind: "assigned", actor: "owner", to: asha!.id, from: null },
      { kind: "unassigned", actor: "owner", to: null, from: asha!.id },
    ]);
    // The details panel reads it newest first, with the agents' names; another account cannot.
    const activity = await server.call({
      method: "GET",
      url: `/api/v1/chats/${conversation!.id}/activity`,
      as: "manager",
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const [name] = await rowsOf<{ name: string }>(db(), sql`select name from live_agents where id = ${asha!.id}`);
    expect(
      (
        activity.json().data as {
          kind: string;
          actor: string;
          agentName: string | null;
          fromAgentName: string | null;
        }[]
      ).map((a) => [a.kind, a.actor, a.agentName, a.fromAgentName]),
    ).toEqual([
      ["unassigned", "owner", null, name!.name],
      ["assigned", "owner", name!.name, null],
    ]);
    const stranger = await server.call({
      method: "GET",
      url: `/api/v1/chats/${conversation!.id}/activity`,
      as: "globex",
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe("the auto-assignment setting", () => {
  it("the owner reads and changes it; an agent may not; bad values change nothing", async () => {
    const get = (as: "manager" | "agent") => server.call({ method: "GET", url: "/api/v1/chats/assignment", as });
    const put = (as: "manager" | "agent", payload: Record<string, unknown>) =>
      server.call({ method: "PUT", url: "/api/v1/chats/assignment", as, payload });
    expect((await get("manager")).json()).toMatchObject({
      data: { autoAssign: false, agentCapacity: 5, offlineGraceMinutes: 10 },
    });
    const next = { autoAssign: true, agentCapacity: 3, offlineGraceMinutes: 20 };
    expect((await put("agent", next)).statusCode).toBe(403);
    expect((await get("agent")).statusCode).toBe(403);
    expect((await put("manager", next)).statusCode).toBe(200);
    for (const bad of [
      { ...next, agentCapacity: 0 },
      { ...next, offlineGraceMinutes: 5000 },
      { ...next, autoAssign: "yes" },
      { autoAssign: true },
    ])
      expect((await put("manager", bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await get("manager")).json()).toMatchObject({ data: next });
  });
});
