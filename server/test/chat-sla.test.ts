// SLAs (issue 40 items 5 and 8): the settings (the owner's; bad input changes nothing), clocks started by a customer's
// message with due instants over business hours, the first reply and resolve meeting or breaching them, the breach
// job marking once (one activity line, one notification to the manager), the list's filter and tag, attainment per
// agent from the stored flags, and the wallboard's figures.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../db/sql";
import { SLA_BREACHES_JOB } from "../jobs/sla-breaches";
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
  const agentUser = await server.id("agent");
  const [agent] = await rowsOf<{ id: string }>(
    db(),
    sql`select id::text as id from live_agents where user_id = ${agentUser}`,
  );
  agentId = agent?.id ?? "";
});
afterAll(async () => server?.close());

const put = (as: "manager" | "agent", payload: Record<string, unknown>) =>
  server.call({ method: "PUT", url: "/api/v1/chats/sla", as, payload });
const always = (first: number | null, resolution: number | null) => ({
  timeZone: "Asia/Kolkata",
  businessHours: null,
  holidays: [],
  firstResponseMinutes: first,
  resolutionMinutes: resolution,
});

/** A customer's message `minutesAgo` minutes ago in a new conversation, with its clocks started as the listener does. */
async function customerWrote(minutesAgo: number): Promise<string> {
  serial += 1;
  const received = await receiveInbound(db(), [
    {
      type: "inbound",
      channel: "whatsapp",
      from: `+9177${String(Date.now() % 1_000_000).padStart(6, "0")}${String(serial).padStart(2, "0")}`,
      to: address,
      text: "Where is my order?",
      at: new Date(Date.now() - minutesAgo * MIN),
    },
  ]);
  await startSlaClocks(db(), received);
  return received[0]?.conversation.id ?? "";
}

async function clocks(id: string) {
  const [row] = await rowsOf<{
    first_due: Date | string | null;
    first_at: Date | string | null;
    first_breached: boolean;
    resolve_due: Date | string | null;
    resolve_breached: boolean;
    start: Date | string | null;
  }>(
    db(),
    sql`select sla_first_due as first_due, sla_first_at as first_at, sla_first_breached as first_breached,
      sla_resolve_due as resolve_due, sla_resolve_breached as resolve_breached, sla_first_start as start
      from conversations where id = ${id}`,
  );
  return row!;
}
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
const reply = (id: string, as: "manager" | "agent") =>
  server.call({
    method: "POST",
    url: `/api/v1/chats/${id}/messages`,
    as,
    payload: { clientId: `sla-${id}-${as}`, messageType: "text", text: "On its way" },
  });

beforeEach(async () => {
  expect((await put("manager", always(30, 120))).statusCode).toBe(200);
});

describe("SLA settings", () => {
  it("the owner reads and saves them; an agent may not; bad input changes nothing", async () => {
    const get = (as: "manager" | "agent") => server.call({ method: "GET", url: "/api/v1/chats/sla", as });
    expect((await get("agent")).statusCode).toBe(403);
    expect((await put("agent", always(5, 5))).statusCode).toBe(403);
    const week = [null, ...Array.from({ length: 5 }, () => ({ open: "09:00", close: "18:00" })), null];
    const good = { ...always(60, 480), businessHours: week, holidays: ["2027-01-26", "2027-01-26", "2026-10-20"] };
    expect((await put("manager", good)).statusCode).toBe(200);
    const bad: [string, Record<string, unknown>][] = [
      ["unknown zone", { ...good, timeZone: "Mars/Olympus" }],
      ["hour out of range", { ...good, businessHours: [...week.slice(0, 6), { open: "25:00", close: "26:00" }] }],
      ["six days", { ...good, businessHours: week.slice(0, 6) }],
      ["zero minutes", { ...good, firstResponseMinutes: 0 }],
      ["not a date", { ...good, holidays: ["26/01/2027"] }],
    ];
    for (const [name, payload] of bad) expect((await put("manager", payload)).statusCode, name).toBe(400);
    expect((await get("manager")).json().data).toEqual({ ...good, holidays: ["2026-10-20", "2027-01-26"] });
  });

  it("saving moves the due instants of running clocks", async () => {
    const id = await customerWrote(1);
    const before = await clocks(id);
    expect(ms(before.first_due)).toBe(ms(before.start)! + 30 * MIN);
    expect(ms(before.resolve_due)).toBe(ms(before.start)! + 120 * MIN);
    await put("manager", always(45, 600));
    const after = await clocks(id);
    expect(ms(after.first_due)).toBe(ms(before.start)! + 45 * MIN);
    expect(ms(after.resolve_due)).toBe(ms(before.start)! + 600 * MIN);
  });
});

describe("clocks", () => {
  it("a reply in time meets the first response; a late one breaches it; a later message starts no new clock", async () => {
    const onTime = await customerWrote(5);
    const late = await customerWrote(40);
    expect((await reply(onTime, "agent")).statusCode).toBe(200);
    expect((await reply(late, "agent")).statusCode).toBe(200);
    expect(await clocks(onTime)).toMatchObject({ first_breached: false });
    expect((await clocks(onTime)).first_at).not.toBeNull();
    expect(await clocks(late)).toMatchObject({ first_breached: true });
    const started = await clocks(onTime);
    await customerWrote(0); // another conversation: this one's clocks stay
    expect(await clocks(onTime)).toEqual(started);
  });

  it("resolve meets or breaches the resolution target, and the next message starts a new episode", async () => {
    const met = await customerWrote(10);
    const breached = await customerWrote(200);
    for (const id of [met, breached])
      expect(
        (await server.call({ method: "POST", url: `/api/v1/chats/${id}/resolve`, as: "manager" })).statusCode,
      ).toBe(200);
    expect((await clocks(met)).resolve_breached).toBe(false);
    expect((await clocks(breached)).resolve_breached).toBe(true);
  });

  it("the job marks a passed due once: one activity line, one notification to the manager", async () => {
    const id = await customerWrote(50);
    const job = server.app.jobs.get(SLA_BREACHES_JOB);
    await job?.tick();
    await job?.tick();
    expect(await clocks(id)).toMatchObject({ first_breached: true, resolve_breached: false });
    const events = await rowsOf<{ kind: string; actor: string }>(
      db(),
      sql`select kind, actor from conversation_events where conversation_id = ${id} order by id`,
    );
    expect(events).toEqual([{ kind: "sla_first_breached", actor: "sla" }]);
    const notes = await rowsOf<{ user_id: string; title: string }>(
      db(),
      sql`select user_id::text, title from notifications where key like ${`sla:first:${id}:%`}`,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]?.user_id).toBe(owner);
    expect(notes[0]?.title).toMatch(/^First-response SLA breached/);
  });

  it("the list shows time left and the breach, and filters on it", async () => {
    const fresh = await customerWrote(0);
    const late = await customerWrote(35);
    await server.app.jobs.get(SLA_BREACHES_JOB)?.tick();
    const list = async (q: string) =>
      (await server.call({ method: "GET", url: `/api/v1/chats?limit=100${q}`, as: "manager" })).json().data as {
        _id: string;
        slaBreached: boolean;
        slaLeftMinutes: number | null;
      }[];
    const all = await list("");
    const row = (id: string) => all.find((r) => r._id === id);
    expect(row(fresh)).toMatchObject({ slaBreached: false });
    expect(row(fresh)?.slaLeftMinutes).toBeGreaterThanOrEqual(29);
    expect(row(late)).toMatchObject({ slaBreached: true });
    const breached = (await list("&slaBreached=true")).map((r) => r._id);
    expect(breached).toContain(late);
    expect(breached).not.toContain(fresh);
  });
});

describe("attainment and the wallboard", () => {
  it("the monitor reports the agent's first responses and resolutions met, from the stored flags", async () => {
    const metrics = async () =>
      (
        await server.call({
          method: "GET",
          url: `/api/live-agent/monitoring/metrics/agent/${agentId}?period=day`,
          as: "manager",
        })
      ).json().data as Record<string, number>;
    const before = await metrics();
    const a = await customerWrote(2);
    const b = await customerWrote(90);
    await reply(a, "agent");
    await reply(b, "agent");
    await db().execute(sql`update conversations set assigned_agent_id = ${agentId} where id in (${a}, ${b})`);
    for (const id of [a, b]) await server.call({ method: "POST", url: `/api/v1/chats/${id}/resolve`, as: "manager" });
    const after = await metrics();
    expect(after.slaFirstResponses! - before.slaFirstResponses!).toBe(2);
    expect(after.slaFirstResponsesMet! - before.slaFirstResponsesMet!).toBe(1);
    expect(after.slaResolutions! - before.slaResolutions!).toBe(2);
    expect(after.slaResolutionsMet! - before.slaResolutionsMet!).toBe(2);
  });

  it("the wallboard counts waiting, the longest wait and today's breaches; the owner's only", async () => {
    const board = async () =>
      (await server.call({ method: "GET", url: "/api/v1/chats/wallboard", as: "manager" })).json().data as {
        waiting: number;
        longestWaitSince: string | null;
        breachesToday: number;
        agents: { agentId: string; open: number }[];
      };
    const before = await board();
    const id = await customerWrote(45);
    await server.app.jobs.get(SLA_BREACHES_JOB)?.tick();
    const after = await board();
    expect(after.waiting).toBe(before.waiting + 1);
    expect(after.breachesToday).toBe(before.breachesToday + 1);
    expect(after.longestWaitSince).not.toBeNull();
    expect(after.agents.map((x) => x.agentId)).toContain(agentId);
    expect(id).not.toBe("");
    expect((await server.call({ method: "GET", url: "/api/v1/chats/wallboard", as: "agent" })).statusCode).toBe(403);
  });
});
