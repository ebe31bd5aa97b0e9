// The socket handshake's checks, seen by a raw WebSocket speaking Engine.IO 4 (SPEC 7's URL form) and by
// socket.io-client: token (none, bad, expired, revoked, suspended), Origin, websocket only.
import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_SHUTDOWN_EVENT, type ServerShutdownHint } from "../../contract/constants";
import { MSG } from "../../contract/messages";
import { signToken } from "../auth/tokens";
import Fastify from "fastify";
import { attachRealtime, userRoom } from "../realtime";
import { closedBy, connectRaw, openPacket, rawOpen } from "./engine-io-client";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let url = "";
beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => server?.close());

const refusal = (message: string) => `44${JSON.stringify({ message })}`;

async function logout(token: string): Promise<void> {
  expect((await server.call({ method: "POST", url: "/api/v1/auth/logout", token })).statusCode).toBe(200);
}

describe("raw WebSocket, Engine.IO 4", () => {
  it("opens with the token in the query: the open packet, then 40{sid} for the CONNECT, and events of the user's room", async () => {
    const opened = await rawOpen(url, { token: await server.token("user") });
    if ("refused" in opened) throw new Error(`refused ${opened.refused}`);
    const open = openPacket(await opened.next());
    expect(open).toMatchObject({
      sid: expect.any(String),
      upgrades: [],
      pingInterval: expect.any(Number),
      pingTimeout: expect.any(Number),
    });
    opened.send("40");
    const answer = await opened.next();
    expect(answer).toMatch(/^40\{"sid":"[^"]+"\}$/);
    server.app.io.to(userRoom(await server.id("user"))).emit("progressUpdate", { campaignId: "c1" });
    expect(await opened.next()).toBe(`42${JSON.stringify(["progressUpdate", { campaignId: "c1" }])}`);
    opened.close();
  });

  it("accepts the token in the CONNECT packet's auth object too", async () => {
    const { socket, answer } = await connectRaw(url, {}, { token: await server.token("user") });
    expect(answer).toMatch(/^40\{"sid":/);
    socket.close();
  });

  it("answers 44 with SPEC's message to a CONNECT without a token, with a bad one, or with one signed by another key", async () => {
    const foreign = await signToken(
      { sub: await server.id("user"), role: "user", sid: crypto.randomUUID(), iat: 0, exp: 4_000_000_000 },
      "not-our-secret",
    );
    const cases: [Record<string, string>, string][] = [
      [{}, MSG.noToken],
      [{ token: "" }, MSG.noToken],
      [{ token: "bad" }, MSG.invalidToken],
      [{ token: foreign }, MSG.invalidToken],
    ];
    for (const [query, message] of cases) {
      const { socket, answer } = await connectRaw(url, query);
      expect(answer, JSON.stringify(query)).toBe(refusal(message));
      socket.close();
    }
  });

  it("refuses an expired token and one whose session is unknown, though our key signed them", async () => {
    const sub = await server.id("user");
    const now = Math.floor(Date.now() / 1000);
    const secret = "test-secret";
    const expired = await signToken(
      { sub, role: "user", sid: crypto.randomUUID(), iat: now - 100, exp: now - 10 },
      secret,
    );
    const unknownSession = await signToken(
      { sub, role: "user", sid: crypto.randomUUID(), iat: now, exp: now + 600 },
      secret,
    );
    for (const token of [expired, unknownSession]) {
      const { socket, answer } = await connectRaw(url, { token });
      expect(answer).toBe(refusal(MSG.invalidToken));
      socket.close();
    }
  });

  it("refuses the token of a session that logged out", async () => {
    const token = await server.freshToken("user");
    const before = await connectRaw(url, { token });
    expect(before.answer).toMatch(/^40\{"sid":/);
    before.socket.close();
    await logout(token);
    const { socket, answer } = await connectRaw(url, { token });
    expect(answer).toBe(refusal(MSG.invalidToken));
    socket.close();
  });

  it("refuses a suspended user's token with the suspension message", async () => {
    const token = await server.freshToken("rahul");
    const suspend = (status: string) =>
      server.call({ method: "PUT", url: "/api/v1/admin/user", as: "admin", payload: { userId: rahulId, status } });
    const rahulId = await server.id("rahul");
    expect((await suspend("suspended")).statusCode).toBe(200);
    try {
      const { socket, answer } = await connectRaw(url, { token });
      expect(answer).toBe(refusal(MSG.accountSuspended));
      socket.close();
    } finally {
      expect((await suspend("active")).statusCode).toBe(200);
    }
  });

  it("refuses the upgrade from a foreign Origin (engine.io answers a refused upgrade with 400) and accepts the server's own", async () => {
    const token = await server.token("user");
    for (const origin of ["http://evil.example", "null", `http://127.0.0.1.evil.example`, url.replace(/:\d+$/, ":1")]) {
      expect(await rawOpen(url, { token }, origin), origin).toEqual({ refused: 400, body: "Origin not allowed" });
    }
    const { socket, answer } = await connectRaw(url, { token }, undefined, url);
    expect(answer).toMatch(/^40\{"sid":/);
    socket.close();
  });

  it("is websocket only: a long-polling handshake answers 400, with or without a token", async () => {
    const token = await server.token("user");
    for (const query of ["", `&token=${token}`]) {
      const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: 0, message: "Transport unknown" });
    }
  });

  it("closes an Engine.IO 3 client's websocket (EIO=3) without an open packet", async () => {
    const opened = await rawOpen(url, { EIO: "3", token: await server.token("user") });
    if ("refused" in opened) throw new Error(`refused ${opened.refused}`);
    await closedBy(opened);
    await expect(opened.next(200)).rejects.toThrow(/no Engine.IO packet/);
  });

  it("closes a socket when its session expires, though nothing revoked it", async () => {
    const short = await startServer({ sessionTtlS: 2 });
    try {
      await short.app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(short.app.server.address() as AddressInfo).port}`;
      const { socket, answer } = await connectRaw(base, { token: await short.token("user") });
      expect(answer).toMatch(/^40\{"sid":/);
      const closed = closedBy(socket);
      // socket.io's DISCONNECT packet for this namespace, then the transport closes.
      expect(await socket.next(4000)).toBe("41");
      await closed;
    } finally {
      await short.close();
    }
  });
});

function open(options: Parameters<typeof connect>[1]): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ["websocket"], reconnection: false, ...options });
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

describe("socket.io-client", () => {
  it("connects with the token in the query (SPEC 7's form) from the server's own Origin", async () => {
    const socket = await open({ query: { token: await server.token("user") }, extraHeaders: { origin: url } });
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("refuses a revoked token and an expired one with SPEC's message", async () => {
    const token = await server.freshToken("user");
    await logout(token);
    await expect(open({ query: { token } })).rejects.toThrow(MSG.invalidToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await signToken(
      { sub: await server.id("user"), role: "user", sid: crypto.randomUUID(), iat: now - 100, exp: now - 10 },
      "test-secret",
    );
    await expect(open({ auth: { token: expired } })).rejects.toThrow(MSG.invalidToken);
  });

  it("refuses a foreign Origin, and polling altogether", async () => {
    const token = await server.token("user");
    await expect(open({ auth: { token }, extraHeaders: { origin: "http://evil.example" } })).rejects.toThrow();
    await expect(open({ auth: { token }, transports: ["polling"] })).rejects.toThrow();
  });
});

describe("shutdown", () => {
  it("closes the app promptly while sockets are connected: they are told to reconnect, then their transport closes (so they do)", async () => {
    const other = await startServer();
    await other.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
    const token = await other.token("user");
    const client = await new Promise<Socket>((resolve, reject) => {
      const s = connect(base, { transports: ["websocket"], reconnection: false, query: { token } });
      s.on("connect", () => resolve(s));
      s.on("connect_error", reject);
    });
    const raw = await connectRaw(base, { token });
    const reason = new Promise<string>((resolve) => client.once("disconnect", resolve));
    const hint = new Promise<ServerShutdownHint>((resolve) => client.once(SERVER_SHUTDOWN_EVENT, resolve));
    const started = Date.now();
    const closed = await Promise.race([
      other.close().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 5000)),
    ]);
    expect(closed, "app.close() still waiting after 5 s").toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    // Not "io server disconnect", after which socket.io clients never reconnect: a transport close, after the hint.
    expect(await hint).toMatchObject({ reconnect: true });
    expect(await reason).toBe("transport close");
    await closedBy(raw.socket);
  });
});

describe("a session ended while its handshake is being checked", () => {
  it("is refused, though the check read the session before it ended", async () => {
    // A hub whose session lookup is held after reading, so the logout lands between the read and the connection.
    let release = () => undefined as void;
    const gate = new Promise<void>((r) => (release = r));
    let looked = () => undefined as void;
    const lookedUp = new Promise<void>((r) => (looked = r));
    const real = server.app.authDeps.sessions;
    const sessions = new Proxy(real, {
      get(target, property) {
        if (property === "resolve") {
          return async (id: string) => {
            const state = await target.resolve(id);
            looked();
            await gate;
            return state;
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const hub = Fastify();
    await attachRealtime(
      hub,
      { secret: server.app.authDeps.secret, sessions },
      { publicUrl: undefined, corsOrigin: undefined },
    );
    await hub.listen({ port: 0, host: "127.0.0.1" });
    try {
      const base = `http://127.0.0.1:${(hub.server.address() as AddressInfo).port}`;
      const token = await server.freshToken("user");
      const answer = connectRaw(base, { token });
      await lookedUp;
      await logout(token);
      release();
      const { socket, answer: packet } = await answer;
      expect(packet).toBe(refusal(MSG.invalidToken));
      socket.close();
    } finally {
      await hub.close();
    }
  });
});
