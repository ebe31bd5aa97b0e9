// The bell's history on the server: notify() writes once per user and key and pushes to that user's sockets only;
// each user pages, counts and marks read its own notifications and never another's; a customer's message notifies
// the conversation's people (the owner and its team), a balance decision its requester.
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
  type NotificationsRead,
} from "../../contract/domain/notifications";
import { notify, notifyMany } from "../services/notifications/notify";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
let url = "";
beforeAll(async () => {
  server = await startServer({ jobIntervalMs: 200 });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => server?.close());

type Note = {
  _id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
};
type Page = { data: Note[]; total: number; totalPages: number; unread: number };
const ctx = () => ({ db: server.database.db, io: server.app.io });
const get = async <T>(as: DemoName, path: string): Promise<T> => {
  const res = await server.call({ method: "GET", url: path, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const post = (as: DemoName, path: string) => server.call({ method: "POST", url: path, as });

async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function socketOf(name: DemoName): Promise<{ socket: Socket; notes: Note[]; reads: NotificationsRead[] }> {
  const token = await server.freshToken(name);
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(url, { transports: ["websocket"], reconnection: false, query: { token } });
    s.on("connect", () => resolve(s));
    s.on("connect_error", reject);
  });
  const notes: Note[] = [];
  const reads: NotificationsRead[] = [];
  socket.on(NOTIFICATION_EVENT, (n: Note) => notes.push(n));
  socket.on(NOTIFICATIONS_READ_EVENT, (r: NotificationsRead) => reads.push(r));
  return { socket, notes, reads };
}

describe("notify", () => {
  it("writes once per user and key and pushes to that user's sockets only", async () => {
    const depthead = await socketOf("depthead");
    const other = await socketOf("user");
    const id = await server.id("depthead");
    const first = await notify(ctx(), id, {
      kind: "chat",
      key: "test:once",
      title: "Hello",
      body: "first",
      link: "chats?chat=x",
    });
    expect(first).toMatchObject({ kind: "chat", title: "Hello", body: "first", link: "chats?chat=x", read: false });
    expect(await notify(ctx(), id, { kind: "chat", key: "test:once", title: "Hello again" })).toBeNull();
    await until(() => depthead.notes.length === 1);
    expect(depthead.notes[0]).toEqual(first);
    // Give a stray push time to arrive before saying none came.
    await new Promise((r) => setTimeout(r, 300));
    expect(other.notes).toEqual([]);
    const bell = await get<Page>("depthead", "/api/v1/notifications");
    expect(bell.data.filter((n) => n.title.startsWith("Hello"))).toEqual([first]);
    depthead.socket.disconnect();
    other.socket.disconnect();
  });

  it("cuts a long title and body to their bounds", async () => {
    const [note] = await notifyMany(ctx(), [
      {
        userId: await server.id("depthead"),
        note: { kind: "chat", key: "test:long", title: "t".repeat(500), body: "b".repeat(5000) },
      },
    ]);
    expect(note?.title).toHaveLength(200);
    expect(note?.body).toHaveLength(500);
  });
});

describe("a user's bell", () => {
  it("pages newest first, with totals and the unread count", async () => {
    const id = await server.id("reseller");
    await notifyMany(
      ctx(),
      Array.from({ length: 25 }, (_, i) => ({
        userId: id,
        note: { kind: "chat" as const, key: `test:page:${i}`, title: `Item ${i}` },
      })),
    );
    const first = await get<Page>("reseller", "/api/v1/notifications?page=1&limit=10");
    expect(first).toMatchObject({ total: 25, totalPages: 3, unread: 25 });
    expect(first.data.map((n) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Item ${24 - i}`));
    const last = await get<Page>("reseller", "/api/v1/notifications?page=3&limit=10");
    expect(last.data.map((n) => n.title)).toEqual(["Item 4", "Item 3", "Item 2", "Item 1", "Item 0"]);
    expect(await get("reseller", "/api/v1/notifications/unread-count")).toEqual({
      success: true,
      data: { unread: 25 },
    });
  });

  it("marks one read, then all; the user's other tabs hear it; the unread filter follows", async () => {
    const tab = await socketOf("reseller");
    const [newest] = (await get<Page>("reseller", "/api/v1/notifications?limit=1")).data;
    const read = await post("reseller", `/api/v1/notifications/${newest?._id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ data: { _id: newest?._id, read: true }, unread: 24 });
    // Again is fine and changes nothing.
    expect((await post("reseller", `/api/v1/notifications/${newest?._id}/read`)).json()).toMatchObject({ unread: 24 });
    await until(() => tab.reads.length >= 1);
    expect(tab.reads[0]).toEqual({ ids: [newest?._id], unread: 24 });
    const unreadOnly = await get<Page>("reseller", "/api/v1/notifications?unread=true&limit=100");
    expect(unreadOnly.total).toBe(24);
    expect(unreadOnly.data.map((n) => n._id)).not.toContain(newest?._id);

    const all = await post("reseller", "/api/v1/notifications/read-all");
    expect(all.json()).toEqual({ success: true, data: { updated: 24, unread: 0 } });
    await until(() => tab.reads.some((r) => r.ids === null));
    expect(await get("reseller", "/api/v1/notifications/unread-count")).toEqual({ success: true, data: { unread: 0 } });
    expect((await get<Page>("reseller", "/api/v1/notifications?limit=100")).data.every((n) => n.read)).toBe(true);
    tab.socket.disconnect();
  });

  it("never reads, marks or counts another user's notifications", async () => {
    const mine = await notify(ctx(), await server.id("globex"), {
      kind: "chat",
      key: "test:private",
      title: "Globex only",
    });
    const before = await get<Page>("globex", "/api/v1/notifications?limit=100");
    for (const other of ["manager", "admin", "user"] as const) {
      expect((await get<Page>(other, "/api/v1/notifications?limit=100")).data.map((n) => n._id)).not.toContain(
        mine?._id,
      );
      const res = await post(other, `/api/v1/notifications/${mine?._id}/read`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: "Notification not found" });
      expect((await post(other, "/api/v1/notifications/read-all")).statusCode).toBe(200);
    }
    expect((await post("globex", "/api/v1/notifications/not-a-number/read")).statusCode).toBe(404);
    // Globex's own stays unread through all of it.
    expect(await get<Page>("globex", "/api/v1/notifications?limit=100")).toEqual(before);
    expect(before.data.find((n) => n._id === mine?._id)?.read).toBe(false);
  });
});

describe("what notifies", () => {
  it("a customer's message: the conversation's owner and its team, nobody else", async () => {
    const addresses = (
      await get<{ data: { channel: string; address: string }[] }>("manager", "/api/v1/sandbox/phone/addresses")
    ).data;
    const whatsapp = addresses.find((a) => a.channel === "whatsapp")?.address ?? "";
    const number = "+919876512345";
    const agent = await socketOf("agent");
    const sent = await server.call({
      method: "POST",
      url: "/api/v1/sandbox/phone/messages",
      as: "manager",
      payload: { channel: "whatsapp", address: whatsapp, number, text: "Is my parcel on its way?" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const about = (n: Note) => n.kind === "chat" && n.title === `${number} · WhatsApp`;
    await until(async () => (await get<Page>("manager", "/api/v1/notifications?limit=100")).data.some(about));
    const ownerNote = (await get<Page>("manager", "/api/v1/notifications?limit=100")).data.find(about);
    expect(ownerNote).toMatchObject({
      body: "Is my parcel on its way?",
      read: false,
      link: expect.stringMatching(/^chats\?chat=[0-9a-f-]{36}$/),
    });
    // Asha is on the manager's team and the conversation is unassigned: her bell too, pushed to her open tab.
    await until(() => agent.notes.some(about));
    expect((await get<Page>("agent", "/api/v1/notifications?limit=100")).data.find(about)).toMatchObject({
      link: ownerNote?.link,
    });
    for (const other of ["globex", "priya", "user"] as const)
      expect((await get<Page>(other, "/api/v1/notifications?limit=100")).data.some(about)).toBe(false);
    agent.socket.disconnect();
  });

  it("a balance decision: its requester", async () => {
    const made = await server.call({
      method: "POST",
      url: "/api/balance/requestBalance",
      as: "rahul",
      payload: { requestedBalance: 1500 },
    });
    expect(made.statusCode).toBe(201);
    const id = (made.json() as { data: { _id: string } }).data._id;
    expect((await post("manager", `/api/balance/requests/${id}/approve`)).statusCode).toBe(200);
    const [note] = (await get<Page>("rahul", "/api/v1/notifications?limit=1")).data;
    expect(note).toMatchObject({
      kind: "balance_request",
      title: "Balance request approved",
      body: "₹1,500.00 was added to your balance by manager.",
      read: false,
      link: null,
    });
  });
});
