import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { startPeer, startServer, type TestServer } from "./harness";

/**
 * Two server processes on one database (on PostgreSQL: two pools, joined only by LISTEN/NOTIFY). A session
 * revoked through one must stop working on the other within 5 seconds, although the other caches sessions.
 */
let server: TestServer;
let peer: FastifyInstance;
beforeAll(async () => {
  server = await startServer();
  peer = await startPeer(server);
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
    const res = await server.call({ method: "PUT", url: "/api/v1/admin/user", as: "admin", payload: { userId: await server.id("depthead"), status: "suspended" } });
    expect(res.statusCode).toBe(200);
    expect(await statusWithin(5000, token, 401)).toBeLessThan(5000);
  });
});
