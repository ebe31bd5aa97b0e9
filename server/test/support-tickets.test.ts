import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SUPPORT_BODY_MAX, SUPPORT_SUBJECT_MAX } from "../../contract/domain/support";
import { mailOutbox, notifications, supportTicketMessages, supportTickets, users } from "../db/schema";
import { DEMO_PASSWORD, startServer, type DemoName, type TestServer } from "./harness";
import { mailsTo } from "./mail";

const OPERATOR = "desk@operator.example";

let server: TestServer;
/** A second reseller under the same admin, for isolation. */
let otherReseller: string;
beforeAll(async () => {
  server = await startServer({ supportOperatorEmail: OPERATOR });
  const made = await server.call({
    method: "POST",
    url: "/api/v1/auth/register",
    as: "admin",
    payload: {
      username: "reseller-two",
      email: "reseller-two@example.com",
      password: "long-enough-pw",
      role: "reseller",
    },
  });
  expect(made.statusCode).toBe(201);
  const login = await server.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email: "reseller-two", password: "long-enough-pw" },
  });
  otherReseller = login.json().data.token as string;
});
afterAll(async () => server?.close());

type Who = DemoName | { token: string };
const auth = (who: Who) => (typeof who === "string" ? { as: who } : { token: who.token });

const file = (who: Who, payload: Record<string, unknown>) =>
  server.call({ method: "POST", url: "/api/v1/support/tickets", ...auth(who), payload });
const act = (who: Who, id: string, what: "close" | "reopen") =>
  server.call({ method: "POST", url: `/api/v1/support/tickets/${id}/${what}`, ...auth(who) });
const reply = (who: Who, id: string, body: unknown) =>
  server.call({ method: "POST", url: `/api/v1/support/tickets/${id}/replies`, ...auth(who), payload: { body } });
const read = (who: Who, id: string) =>
  server.call({ method: "GET", url: `/api/v1/support/tickets/${id}`, ...auth(who) });
const list = (who: Who, query = "") =>
  server.call({ method: "GET", url: `/api/v1/support/tickets${query}`, ...auth(who) });

const db = () => server.database.db;
const supportNotes = async (who: DemoName, ticketId: string) =>
  db()
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, await server.id(who)),
        eq(notifications.link, `settings/support?ticket=${ticketId}`),
      ),
    );
const counts = async () => ({
  tickets: (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(supportTickets)
  )[0].n,
  messages: (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(supportTicketMessages)
  )[0].n,
  mails: (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
  )[0].n,
  notes: (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
  )[0].n,
});

describe("routing: who a new ticket reaches", () => {
  it.each<[string, DemoName, "admin" | "operator", "admins" | "mailed", DemoName | null]>([
    ["a reseller's reaches its admin's bell", "reseller", "admin", "admins", "admin"],
    ["an admin's is mailed to the operator", "admin", "operator", "mailed", null],
  ])("%s", async (_name, from, to, delivery, notified) => {
    const subject = `Routing from ${from}`;
    const res = await file(from, { kind: "support", subject, body: "Campaign stuck in queued" });
    expect(res.statusCode).toBe(201);
    const { data, delivery: said, message } = res.json();
    expect(data).toMatchObject({ subject, to, status: "open", mine: true, kind: "support", messages: 1 });
    expect(data.number).toBeGreaterThanOrEqual(1001);
    expect(said).toBe(delivery);
    expect(message).toContain(`#${data.number}`);
    if (notified) {
      const [note] = await supportNotes(notified, data._id);
      expect(note).toMatchObject({ kind: "support" });
      expect([note.title, note.body]).toEqual([
        `Support #${data.number}: ${subject}`,
        `Ravi Reseller (Northwind Telecom): Campaign stuck in queued`,
      ]);
      expect(await mailsTo(server, OPERATOR).then((m) => m.filter((x) => x.subject.includes(subject)))).toEqual([]);
    } else {
      const mail = await vi.waitFor(async () => {
        const found = (await mailsTo(server, OPERATOR)).find((m) => m.subject.includes(subject));
        if (!found) throw new Error("no mail yet");
        return found;
      });
      expect(mail.subject).toContain(`#${data.number}`);
      expect(mail.body).toContain("Campaign stuck in queued");
      expect(mail.body).toContain("admin@example.com");
      // Nobody in the console is the other side of an operator ticket.
      expect(await supportNotes("reseller", data._id)).toEqual([]);
    }
  });

  it("an admin's ticket without SUPPORT_OPERATOR_EMAIL is stored and says mail is not configured", async () => {
    const bare = await startServer();
    try {
      const res = await bare.call({
        method: "POST",
        url: "/api/v1/support/tickets",
        as: "admin",
        payload: { kind: "feedback", subject: "Nice dashboard", body: "The charts help." },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().delivery).toBe("stored");
      expect(res.json().message).toContain("mail is not configured");
      // The seed's ticket (server/seed-ledger.ts) is the reseller's; this one is the admin's.
      const stored = (await bare.database.db.select().from(supportTickets)).filter(
        (t) => t.subject === "Nice dashboard",
      );
      expect(stored).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 50));
      expect(await bare.database.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

/** Signs in as an account made in the test (its own password, or the demo one). */
async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await server.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { email: username, password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

describe("routing: a reseller without an admin above it", () => {
  it("reaches every admin; a ticket to one admin stays that admin's", async () => {
    // A second admin (the demo admin's password hash, so the demo password signs in) and a reseller with no parent.
    const [demoAdmin] = await db().select().from(users).where(eq(users.username, "admin"));
    const [second] = await db()
      .insert(users)
      .values({
        username: "admin-two",
        email: "admin-two@example.com",
        passwordHash: demoAdmin.passwordHash,
        role: "admin",
        name: "Second Admin",
      })
      .returning({ id: users.id });
    const made = await server.call({
      method: "POST",
      url: "/api/v1/auth/register",
      as: "admin",
      payload: {
        username: "orphan-reseller",
        email: "orphan@example.com",
        password: "long-enough-pw",
        role: "reseller",
      },
    });
    expect(made.statusCode).toBe(201);
    await db().update(users).set({ parentId: null }).where(eq(users.username, "orphan-reseller"));
    const orphan = { token: await tokenOf("orphan-reseller", "long-enough-pw") };
    const secondAdmin = { token: await tokenOf("admin-two") };

    const toAll = (await file(orphan, { kind: "support", subject: "No admin above me", body: "Hello" })).json().data;
    expect(toAll.to).toBe("admin");
    const noteOf = async (userId: string) =>
      db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.link, `settings/support?ticket=${toAll._id}`)));
    expect(await noteOf(await server.id("admin"))).toHaveLength(1);
    expect(await noteOf(second.id)).toHaveLength(1);
    expect((await read(secondAdmin, toAll._id)).statusCode).toBe(200);
    expect((await read("admin", toAll._id)).statusCode).toBe(200);

    // The demo reseller's parent is the demo admin: the second admin neither hears of nor reaches its ticket.
    const toOne = (await file("reseller", { kind: "support", subject: "For my admin", body: "Hello" })).json().data;
    expect((await read(secondAdmin, toOne._id)).statusCode).toBe(404);
    const secondList = (await list(secondAdmin, "?limit=100")).json().data.map((t: { _id: string }) => t._id);
    expect(secondList).toContain(toAll._id);
    expect(secondList).not.toContain(toOne._id);
    const secondNotes = await db().select().from(notifications).where(eq(notifications.userId, second.id));
    expect(secondNotes.map((n) => n.link)).not.toContain(`settings/support?ticket=${toOne._id}`);
  });
});

describe("a thread, both sides", () => {
  it("answer, reply, close and reopen move the status and notify the other side", async () => {
    const filed = (await file("reseller", { kind: "feedback", subject: "Thread test", body: "First" })).json().data;
    const id = filed._id as string;

    const answered = await reply("admin", id, "  Looking into it  ");
    expect(answered.statusCode).toBe(201);
    expect(answered.json().data).toMatchObject({ status: "answered", mine: false, messages: 2 });
    expect(answered.json().data.thread.map((m: { body: string }) => m.body)).toEqual(["First", "Looking into it"]);
    expect((await supportNotes("reseller", id)).map((n) => [n.title, n.body])).toEqual([
      [`Reply on #${filed.number}: Thread test`, "Asha Admin: Looking into it"],
    ]);

    const again = await reply("reseller", id, "Thanks, still stuck");
    expect(again.json().data.status).toBe("open");
    expect((await supportNotes("admin", id)).map((n) => n.body)).toContain(
      "Ravi Reseller (Northwind Telecom): Thanks, still stuck",
    );

    const closed = await act("reseller", id, "close");
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.status).toBe("closed");
    expect(closed.json().data.closedAt).not.toBeNull();
    expect((await supportNotes("admin", id)).some((n) => n.title === `Closed #${filed.number}: Thread test`)).toBe(
      true,
    );

    const before = await counts();
    const refused = await reply("admin", id, "Late answer");
    expect(refused.statusCode).toBe(409);
    expect(await act("admin", id, "close").then((r) => r.statusCode)).toBe(409);
    expect(await counts()).toEqual(before);

    const reopened = await act("admin", id, "reopen");
    expect(reopened.json().data).toMatchObject({ status: "open", closedAt: null });
    expect((await supportNotes("reseller", id)).some((n) => n.title === `Reopened #${filed.number}: Thread test`)).toBe(
      true,
    );
  });

  it("a reply on an admin's operator ticket is mailed to the operator", async () => {
    const id = (await file("admin", { kind: "support", subject: "Operator thread", body: "Hello" })).json().data._id;
    expect((await reply("admin", id, "Any news?")).statusCode).toBe(201);
    await vi.waitFor(async () => {
      const bodies = (await mailsTo(server, OPERATOR)).map((m) => m.body);
      expect(bodies.some((b) => b.includes("Any news?"))).toBe(true);
    });
  });
});

describe("isolation", () => {
  it("another reseller neither lists nor reaches a reseller's ticket, nor a reseller an admin's own", async () => {
    const id = (await file("reseller", { kind: "support", subject: "Private", body: "Only mine" })).json().data._id;
    const adminOwn = (await file("admin", { kind: "support", subject: "Admin own", body: "x" })).json().data._id;
    // Its mail goes out after the answer: counted once it is there.
    await vi.waitFor(async () => {
      expect((await mailsTo(server, OPERATOR)).some((m) => m.subject.includes("Admin own"))).toBe(true);
    });
    const theirs = (await list({ token: otherReseller }, "?limit=100")).json();
    expect(theirs.data.map((t: { _id: string }) => t._id)).not.toContain(id);
    const before = await counts();
    for (const res of [
      await read({ token: otherReseller }, id),
      await reply({ token: otherReseller }, id, "peek"),
      await act({ token: otherReseller }, id, "close"),
      await read("reseller", adminOwn),
      await read("reseller", "not-a-uuid"),
    ])
      expect(res.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    // The admin sees the reseller's ticket to it and its own; the reseller only its own.
    const adminIds = (await list("admin", "?limit=100")).json().data.map((t: { _id: string }) => t._id);
    expect(adminIds).toEqual(expect.arrayContaining([id, adminOwn]));
    const resellerIds = (await list("reseller", "?limit=100")).json().data.map((t: { _id: string }) => t._id);
    expect(resellerIds).toContain(id);
    expect(resellerIds).not.toContain(adminOwn);
  });

  it("roles without Support in their sidebar are refused", async () => {
    for (const as of ["manager", "user", "depthead"] as const)
      expect((await file(as, { kind: "support", subject: "x", body: "y" })).statusCode).toBe(403);
  });
});

describe("bad input writes nothing", () => {
  const good = { kind: "support", subject: "Fine", body: "Fine" };
  it.each<[string, Record<string, unknown>]>([
    ["subject too long", { ...good, subject: "s".repeat(SUPPORT_SUBJECT_MAX + 1) }],
    ["empty subject", { ...good, subject: "" }],
    ["blank subject", { ...good, subject: "   " }],
    ["body too long", { ...good, body: "b".repeat(SUPPORT_BODY_MAX + 1) }],
    ["blank body", { ...good, body: "\n\t " }],
    ["unknown kind", { ...good, kind: "bug" }],
    ["missing body", { kind: "support", subject: "x" }],
    ["extra field", { ...good, to: "operator" }],
  ])("filing with %s → 400", async (_name, payload) => {
    const before = await counts();
    const res = await file("reseller", payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it.each<[string, unknown]>([
    ["too long", "b".repeat(SUPPORT_BODY_MAX + 1)],
    ["blank", "   "],
    ["not text", 42],
  ])("a reply %s → 400", async (_name, body) => {
    const id = (await file("reseller", good)).json().data._id;
    const before = await counts();
    expect((await reply("admin", id, body)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("the limits themselves are accepted", async () => {
    const res = await file("reseller", {
      ...good,
      subject: "s".repeat(SUPPORT_SUBJECT_MAX),
      body: "b".repeat(SUPPORT_BODY_MAX),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe("the list", () => {
  it("filters by status and pages, last changed first", async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push(
        (await file({ token: otherReseller }, { kind: "support", subject: `Page ${n}`, body: "." })).json().data._id,
      );
    await act({ token: otherReseller }, ids[0], "close");
    const page1 = (await list({ token: otherReseller }, "?limit=2&page=1")).json();
    expect(page1).toMatchObject({ total: 3, totalPages: 2 });
    expect(page1.data.map((t: { _id: string }) => t._id)).toEqual([ids[0], ids[2]]);
    const closed = (await list({ token: otherReseller }, "?status=closed")).json();
    expect(closed.data.map((t: { _id: string }) => t._id)).toEqual([ids[0]]);
    const open = (await list({ token: otherReseller }, "?status=open")).json();
    expect(open.total).toBe(2);
    expect((await list({ token: otherReseller }, "?status=pending")).statusCode).toBe(400);
  });
});
