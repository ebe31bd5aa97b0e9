import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { DEMO_PASSWORD, startPeer, startServer, type TestServer } from "./harness";

/**
 * Two server processes on one database (on PostgreSQL: two pools, joined only by LISTEN/NOTIFY). A session
 * revoked through one must stop working on the other within 5 seconds, although the other caches sessions.
 */
let server: TestServer;
let peer: FastifyInstance;
let peerUrl = "";
beforeAll(async () => {
  server = await startServer();
  peer = await startPeer(server);
  await peer.listen({ port: 0, host: "127.0.0.1" });
  peerUrl = `http://127.0.0.1:${(peer.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

const balanceOnPeer = (token: string) =>
  peer.inject({ method: "GET", url: "/api/v1/balance/getBalance", headers: { authorization: `Bearer ${token}` } });

async function statusWithin(ms: number, token: string, wanted: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if ((await balanceOnPeer(token)).statusCode === wanted) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

describe("revocation across server processes", () => {
  it("the peer serves a session from its cache, and drops it when the other process revokes it", async () => {
    const token = await server.freshToken("user");
    expect((await balanceOnPeer(token)).statusCode).toBe(200);
    expect((await server.call({ method: "GET", url: "/api/v1/balance/getBalance", token })).statusCode).toBe(200);

    // A revocation written behind the stores' back reaches no cache: this shows both processes really cache.
    const sid = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).sid as string;
    await server.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    expect((await balanceOnPeer(token)).statusCode).toBe(200);

    const res = await server.call({ method: "POST", url: "/api/v1/auth/logout", token });
    expect(res.statusCode).toBe(200);
    expect(await statusWithin(5000, token, 401)).toBeLessThan(5000);
  });

  it("a suspension through one process ends the session on the other", async () => {
    const token = await server.freshToken("depthead");
    expect((await balanceOnPeer(token)).statusCode).toBe(200);
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "admin",
      payload: { userId: await server.id("depthead"), status: "suspended" },
    });
    expect(res.statusCode).toBe(200);
    expect(await statusWithin(5000, token, 401)).toBeLessThan(5000);
  });

  it("a password change through one process ends every other session of the account on the other, sockets too, and keeps the one that changed it", async () => {
    const changer = await server.freshToken("reseller");
    const other = await server.freshToken("reseller");
    const third = await server.freshToken("reseller");
    // The other sessions are in use on the peer: cached there, and one holds a socket.
    expect((await balanceOnPeer(other)).statusCode).toBe(200);
    expect((await balanceOnPeer(changer)).statusCode).toBe(200);
    const socket = await openOnPeer(third);
    const gone = new Promise<number>((resolve) => socket.once("disconnect", () => resolve(Date.now())));

    const started = Date.now();
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      token: changer,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: "a-new-reseller-pw" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusWithin(5000, other, 401)).toBeLessThan(5000);
    expect(
      (await Promise.race([
        gone,
        new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 5000)),
      ])) - started,
    ).toBeLessThan(5000);
    expect((await server.call({ method: "GET", url: "/api/v1/profile/details", token: third })).statusCode).toBe(401);
    // The session that made the change goes on, on both processes.
    expect((await balanceOnPeer(changer)).statusCode).toBe(200);
    expect((await server.call({ method: "GET", url: "/api/v1/profile/details", token: changer })).statusCode).toBe(200);
    const login = await peer.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "reseller", password: "a-new-reseller-pw" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("a profile change without a new password ends no session", async () => {
    const changer = await server.freshToken("manager");
    const other = await server.freshToken("manager");
    expect((await balanceOnPeer(other)).statusCode).toBe(200);
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      token: changer,
      payload: { name: "Renamed Manager" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await balanceOnPeer(other)).statusCode).toBe(200);
  });
});

function openOnPeer(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(peerUrl, { transports: ["websocket"], reconnection: false, auth: { token } });
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}
