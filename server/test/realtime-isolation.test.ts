// Tenant isolation of socket events at the room level: every server→client event emitted for one account reaches
// that account's sockets and no one else's (another organization, a sub-user of the same organization).
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BALANCE_REQUEST_DECIDED_EVENT } from "../../contract/domain/balance-requests";
import { PROGRESS_EVENT, REPORT_PROGRESS_EVENT } from "../../contract/domain/campaigns";
import {
  AGENT_PRESENCE_EVENT,
  CSAT_ANSWER_EVENT,
  CHAT_MESSAGE_EVENT,
  CHAT_STATUS_EVENT,
  CONVERSATION_EVENT,
  TYPING_EVENT,
} from "../../contract/domain/chats";
import { NOTIFICATION_EVENT, NOTIFICATIONS_READ_EVENT } from "../../contract/domain/notifications";
import { TEMPLATE_STATUS_EVENT } from "../../contract/domain/whatsapp-template-events";
import { userRoom } from "../realtime";
import { conversationRooms } from "../services/chats/workspace";
import { startServer, type DemoName, type TestServer } from "./harness";

/** Every event the server pushes to the console. */
const SERVER_EVENTS = [
  CHAT_MESSAGE_EVENT,
  TYPING_EVENT,
  CHAT_STATUS_EVENT,
  CONVERSATION_EVENT,
  AGENT_PRESENCE_EVENT,
  CSAT_ANSWER_EVENT,
  PROGRESS_EVENT,
  REPORT_PROGRESS_EVENT,
  TEMPLATE_STATUS_EVENT,
  BALANCE_REQUEST_DECIDED_EVENT,
  NOTIFICATION_EVENT,
  NOTIFICATIONS_READ_EVENT,
];

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

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("events reach only their account's sockets", () => {
  it("each server event emitted for one organization reaches its two sockets, not another organization's nor its own sub-user's", async () => {
    const [own, ownSecondTab, otherTenant, subUser] = await Promise.all([
      listen("manager"),
      listen("manager"),
      listen("globex"),
      listen("priya"),
    ]);
    const managerId = await server.id("manager");
    for (const event of SERVER_EVENTS) server.app.io.to(userRoom(managerId)).emit(event, { event, for: managerId });
    await until(() => own.heard.length === SERVER_EVENTS.length && ownSecondTab.heard.length === SERVER_EVENTS.length);
    await settle();
    const expected = SERVER_EVENTS.map((event) => ({ event, payload: { event, for: managerId } }));
    expect(own.heard).toEqual(expected);
    expect(ownSecondTab.heard).toEqual(expected);
    expect(otherTenant.heard).toEqual([]);
    expect(subUser.heard).toEqual([]);
    for (const l of [own, ownSecondTab, otherTenant, subUser]) l.socket.close();
  });

  it("chat events sent to an organization's conversation rooms reach no socket of another organization", async () => {
    const [otherTenant, otherSubUser] = await Promise.all([listen("globex"), listen("user")]);
    const managerId = await server.id("manager");
    const rooms = [
      ...conversationRooms(managerId, null),
      ...conversationRooms(managerId, "00000000-0000-4000-8000-000000000001"),
    ];
    for (const event of SERVER_EVENTS) server.app.io.to(rooms).emit(event, { event });
    await settle();
    expect(otherTenant.heard).toEqual([]);
    expect(otherSubUser.heard).toEqual([]);
    otherTenant.socket.close();
    otherSubUser.socket.close();
  });

  it("a real event (a balance decision and its notification) reaches the requester only", async () => {
    const [requester, approver, otherTenant, sibling] = await Promise.all([
      listen("user"),
      listen("manager"),
      listen("globex"),
      listen("rahul"),
    ]);
    const created = await server.call({
      method: "POST",
      url: "/api/balance/requestBalance",
      as: "user",
      payload: { requestedBalance: 120 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    expect(
      (await server.call({ method: "POST", url: `/api/balance/requests/${id}/approve`, as: "manager" })).statusCode,
    ).toBe(200);
    await until(() => requester.heard.length === 2);
    await settle();
    expect(requester.heard).toEqual([
      { event: BALANCE_REQUEST_DECIDED_EVENT, payload: expect.objectContaining({ _id: id, status: "approved" }) },
      {
        event: NOTIFICATION_EVENT,
        payload: expect.objectContaining({ kind: "balance_request", title: "Balance request approved" }),
      },
    ]);
    expect(approver.heard).toEqual([]);
    expect(otherTenant.heard).toEqual([]);
    expect(sibling.heard).toEqual([]);
    for (const l of [requester, approver, otherTenant, sibling]) l.socket.close();
  });
});
