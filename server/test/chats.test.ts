// The chat inbox against the real server: a customer's message (the simulated phone, through the sandbox carrier)
// becomes a conversation pushed to its owner's sockets only; the agent's reply over the socket is written before it
// is acknowledged, once per clientId; WhatsApp's 24-hour window; the catch-up after a reconnect; tenancy.
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHAT_MESSAGE_EVENT,
  CHAT_STATUS_EVENT,
  CONVERSATION_EVENT,
  type RealtimeChatMessage,
} from "../../contract/domain/chats";
import { LONG_CONVERSATION_NUMBER, LONG_CONVERSATION_SIZE } from "../seed-chats";
import { startServer, type DemoName, type TestServer } from "./harness";

let server: TestServer;
let url = "";
beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => server?.close());

interface Listener {
  socket: Socket;
  heard: { event: string; payload: unknown }[];
}

async function listen(name: DemoName): Promise<Listener> {
  const token = await server.freshToken(name);
  const socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(url, { transports: ["websocket"], reconnection: false, query: { token } });
    s.on("connect", () => resolve(s));
    s.on("connect_error", reject);
  });
  const heard: Listener["heard"] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return { socket, heard };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const json = <T>(res: { json: () => unknown }) => res.json() as T;
type Address = { channel: "whatsapp" | "sms" | "rcs"; address: string; label: string };
type Conversation = {
  _id: string;
  customerNumber: string;
  unreadCount: number;
  windowLeftMs: number | null;
  status: string;
  channel: string;
};
type Message = { _id: string; direction: string; text: string; clientId: string | null; status: string | null };

async function addresses(as: DemoName): Promise<Address[]> {
  return json<{ data: Address[] }>(await server.call({ method: "GET", url: "/api/v1/sandbox/phone/addresses", as }))
    .data;
}

async function conversationOf(as: DemoName, number: string): Promise<Conversation> {
  const res = await server.call({ method: "GET", url: `/api/v1/chats?limit=50&q=${encodeURIComponent(number)}`, as });
  const found = json<{ data: Conversation[] }>(res).data.find((c) => c.customerNumber === number);
  if (!found) throw new Error(`no conversation with ${number}`);
  return found;
}

describe("chat inbox", () => {
  it("lists the seeded conversations with unread counts per channel, and the long one holds 10,000 messages", async () => {
    const res = await server.call({ method: "GET", url: "/api/v1/chats?limit=50", as: "manager" });
    expect(res.statusCode).toBe(200);
    const body = json<{ data: Conversation[]; total: number; unread: Record<string, number> }>(res);
    expect(body.total).toBe(5);
    expect(body.unread.whatsapp).toBeGreaterThan(0);
    const long = body.data.find((c) => c.customerNumber === LONG_CONVERSATION_NUMBER);
    expect(long).toBeDefined();
    const page = json<{ data: Message[]; hasMore: boolean }>(
      await server.call({ method: "GET", url: `/api/v1/chats/${long?._id}/messages?limit=50`, as: "manager" }),
    );
    expect(page.data).toHaveLength(50);
    expect(page.hasMore).toBe(true);
    expect(page.data[49]?.text).toBe(`Message ${LONG_CONVERSATION_SIZE} of the long conversation`);
    const older = json<{ data: Message[] }>(
      await server.call({
        method: "GET",
        url: `/api/v1/chats/${long?._id}/messages?limit=50&before=${page.data[0]?._id}`,
        as: "manager",
      }),
    );
    expect(older.data[49]?.text).toBe(`Message ${LONG_CONVERSATION_SIZE - 50} of the long conversation`);
    // Another tenant sees none of it, and the conversation answers 404 to it.
    expect(
      json<{ total: number }>(await server.call({ method: "GET", url: "/api/v1/chats", as: "globex" })).total,
    ).toBe(0);
    expect((await server.call({ method: "GET", url: `/api/v1/chats/${long?._id}`, as: "globex" })).statusCode).toBe(
      404,
    );
  });

  it("a customer's message reaches the owner's sockets only, the reply is stored once per clientId and sent", async () => {
    const [owner, other] = await Promise.all([listen("manager"), listen("globex")]);
    const wa = (await addresses("manager")).find((a) => a.channel === "whatsapp");
    expect(wa).toBeDefined();
    const customer = "+919811112222";
    const sent = await server.call({
      method: "POST",
      url: "/api/v1/sandbox/phone/messages",
      as: "manager",
      payload: { channel: "whatsapp", address: wa?.address, number: customer, text: "Where is my parcel?" },
    });
    expect(sent.statusCode).toBe(200);
    await until(() => owner.heard.some((h) => h.event === CHAT_MESSAGE_EVENT));
    const pushed = owner.heard.find((h) => h.event === CHAT_MESSAGE_EVENT)?.payload as RealtimeChatMessage;
    expect(pushed.message).toMatchObject({
      channel: "whatsapp",
      senderPhoneNumber: customer,
      text: "Where is my parcel?",
      direction: "in",
    });
    // The message is the whole push: the inbox refreshes its list on it, so no conversationUpdate follows.
    expect(owner.heard.some((h) => h.event === CONVERSATION_EVENT)).toBe(false);
    const conversation = await conversationOf("manager", customer);
    expect(conversation).toMatchObject({ unreadCount: 1, status: "open" });
    expect(conversation.windowLeftMs).toBeGreaterThan(23 * 3600_000);

    const payload = JSON.stringify({
      phoneNumber: customer,
      chatId: conversation._id,
      channel: "whatsapp",
      messageType: "text",
      messageObject: { type: "text", text: { body: "It arrives today." } },
      text: "It arrives today.",
      clientId: "client-1",
    });
    const first = (await owner.socket.emitWithAck("message", payload)) as { success: boolean; data: Message };
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({ direction: "out", text: "It arrives today.", clientId: "client-1" });
    // A resend after a reconnect (same clientId) answers the same message and stores nothing new.
    const again = (await owner.socket.emitWithAck("message", JSON.parse(payload) as unknown)) as {
      success: boolean;
      data: Message;
    };
    expect(again.data._id).toBe(first.data._id);
    const thread = json<{ data: Message[] }>(
      await server.call({ method: "GET", url: `/api/v1/chats/${conversation._id}/messages`, as: "manager" }),
    ).data;
    expect(thread.filter((m) => m.clientId === "client-1")).toHaveLength(1);
    await until(() =>
      owner.heard.some(
        (h) => h.event === CHAT_STATUS_EVENT && (h.payload as { messageId: string }).messageId === first.data._id,
      ),
    );
    // The other tenant heard nothing of it, and cannot write into it.
    expect(
      other.heard.filter((h) => [CHAT_MESSAGE_EVENT, CONVERSATION_EVENT, CHAT_STATUS_EVENT].includes(h.event)),
    ).toEqual([]);
    const foreign = (await other.socket.emitWithAck("message", {
      ...JSON.parse(payload),
      clientId: "intruder",
    } as unknown)) as { success: boolean; message: string };
    expect(foreign).toEqual({ success: false, message: "Conversation not found" });
    // The phone sees the reply with its ticks.
    const phone = json<{ data: { direction: string; text: string; status: string | null }[] }>(
      await server.call({
        method: "GET",
        url: `/api/v1/sandbox/phone/messages?channel=whatsapp&address=${encodeURIComponent(wa?.address ?? "")}&number=${encodeURIComponent(customer)}`,
        as: "manager",
      }),
    ).data;
    expect(phone.map((m) => [m.direction, m.text])).toEqual([
      ["in", "Where is my parcel?"],
      ["out", "It arrives today."],
    ]);
    owner.socket.disconnect();
    other.socket.disconnect();
  });

  it("outside WhatsApp's 24-hour window free text is refused and nothing is stored; a template is allowed", async () => {
    const closed = await conversationOf("manager", "+919810000102");
    expect(closed.windowLeftMs).toBe(0);
    const res = await server.call({
      method: "POST",
      url: `/api/v1/chats/${closed._id}/messages`,
      as: "manager",
      payload: { clientId: "late-1", messageType: "text", text: "Hello?" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining("24 hours") });
    const templates = json<{ data: { _id: string; variableCount: number }[] }>(
      await server.call({ method: "GET", url: `/api/v1/chats/${closed._id}/templates`, as: "manager" }),
    ).data;
    expect(templates.length).toBeGreaterThan(0);
    const template = templates[0];
    const ok = await server.call({
      method: "POST",
      url: `/api/v1/chats/${closed._id}/messages`,
      as: "manager",
      payload: {
        clientId: "late-2",
        messageType: "template",
        templateId: template?._id,
        params: Array.from({ length: template?.variableCount ?? 0 }, (_, i) => `value ${i + 1}`),
      },
    });
    expect(ok.statusCode).toBe(200);
    const thread = json<{ data: Message[] }>(
      await server.call({ method: "GET", url: `/api/v1/chats/${closed._id}/messages`, as: "manager" }),
    ).data;
    expect(thread.map((m) => m.clientId)).not.toContain("late-1");
    expect(thread.map((m) => m.clientId)).toContain("late-2");
  });

  it("after a disconnect, sync answers every message that came meanwhile", async () => {
    // The newest message the console holds: the highest id of every conversation's latest page.
    const all = json<{ data: Conversation[] }>(
      await server.call({ method: "GET", url: "/api/v1/chats?limit=50", as: "manager" }),
    ).data;
    let last = 0;
    for (const c of all) {
      const page = json<{ data: Message[] }>(
        await server.call({ method: "GET", url: `/api/v1/chats/${c._id}/messages?limit=1`, as: "manager" }),
      ).data;
      last = Math.max(last, Number(page[0]?._id ?? 0));
    }
    const wa = (await addresses("manager")).find((a) => a.channel === "whatsapp");
    for (const text of ["one", "two", "three"]) {
      await server.call({
        method: "POST",
        url: "/api/v1/sandbox/phone/messages",
        as: "manager",
        payload: { channel: "whatsapp", address: wa?.address, number: "+919810000101", text },
      });
    }
    let synced: Message[] = [];
    const end = Date.now() + 5000;
    while (synced.length < 3 && Date.now() < end) {
      synced = json<{ data: Message[] }>(
        await server.call({ method: "GET", url: `/api/v1/chats/sync?after=${last}`, as: "manager" }),
      ).data;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(synced.map((m) => m.text)).toEqual(["one", "two", "three"]);
    expect(
      json<{ data: Message[] }>(
        await server.call({ method: "GET", url: `/api/v1/chats/sync?after=${last}`, as: "globex" }),
      ).data,
    ).toEqual([]);
  });

  it("a burst of customers' messages is written together: every one stored and pushed in order, unread counts exact, a bad one dropped alone", async () => {
    const owner = await listen("manager");
    const wa = (await addresses("manager")).find((a) => a.channel === "whatsapp");
    const carrier = server.app.carrier;
    if (!wa || !carrier.simulateInbound) throw new Error("the sandbox phone is needed");
    const customers = ["+919812220001", "+919812220002", "+919812220003"];
    const burst = Array.from({ length: 60 }, (_, i) => ({ number: customers[i % 3] as string, text: `burst ${i}` }));
    // All in one tick, so they queue behind the first round and are written as batches; plus a message to an
    // address nobody owns, and one PostgreSQL refuses (a NUL character), which must not take the others with it.
    carrier.simulateInbound({ channel: "whatsapp", from: customers[0] as string, to: "no-such-number", text: "lost" });
    for (const [i, m] of burst.entries()) {
      carrier.simulateInbound({ channel: "whatsapp", from: m.number, to: wa.address, text: m.text });
      if (i === 30)
        carrier.simulateInbound({ channel: "whatsapp", from: m.number, to: wa.address, text: "bad \u0000 text" });
    }
    const texts = () =>
      owner.heard
        .filter((h) => h.event === CHAT_MESSAGE_EVENT)
        .map((h) => (h.payload as RealtimeChatMessage).message.text);
    await until(() => texts().length >= 60, 15_000);
    expect(texts()).toEqual(burst.map((m) => m.text));
    for (const number of customers) {
      const c = await conversationOf("manager", number);
      expect(c.unreadCount).toBe(20);
      const thread = json<{ data: Message[] }>(
        await server.call({ method: "GET", url: `/api/v1/chats/${c._id}/messages?limit=50`, as: "manager" }),
      ).data;
      expect(thread.map((m) => m.text)).toEqual(burst.filter((m) => m.number === number).map((m) => m.text));
    }
    owner.socket.disconnect();
  });

  it("resolve, reopen and read change the conversation; the simulated phone refuses an address of another account", async () => {
    const c = await conversationOf("manager", "+919810000103");
    expect(
      json<{ data: Conversation }>(
        await server.call({ method: "POST", url: `/api/v1/chats/${c._id}/resolve`, as: "manager" }),
      ).data.status,
    ).toBe("resolved");
    expect(
      json<{ data: Conversation }>(
        await server.call({ method: "POST", url: `/api/v1/chats/${c._id}/reopen`, as: "manager" }),
      ).data.status,
    ).toBe("open");
    expect(
      json<{ data: Conversation }>(
        await server.call({ method: "POST", url: `/api/v1/chats/${c._id}/read`, as: "manager" }),
      ).data.unreadCount,
    ).toBe(0);
    expect(
      (await server.call({ method: "POST", url: `/api/v1/chats/${c._id}/resolve`, as: "globex" })).statusCode,
    ).toBe(404);
    const wa = (await addresses("manager")).find((a) => a.channel === "whatsapp");
    const refused = await server.call({
      method: "POST",
      url: "/api/v1/sandbox/phone/messages",
      as: "globex",
      payload: { channel: "whatsapp", address: wa?.address, number: "+919811113333", text: "hi" },
    });
    expect(refused.statusCode).toBe(404);
  });
});
