import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rateLimits } from "../db/schema";
import { postgresStoreClass, type CounterStore } from "../db/rate-limit-store";
import { DEMO_PASSWORD, startServer, type TestServer } from "./harness";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimits: { loginPerIp: { max: 3, windowMs: 60_000 } } });
});
afterAll(async () => server?.close());

const incr = (store: CounterStore, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error("no result")) : resolve(result)),
      windowMs,
    ),
  );

describe("the PostgreSQL rate-limit store", () => {
  it("shares one window per key between server processes and per route", async () => {
    const Store = postgresStoreClass(server.database.db);
    const login = { routeInfo: { url: "/api/v1/auth/login" } };
    const processA = new Store().child(login);
    const processB = new Store().child(login);
    expect((await incr(processA, "10.1.1.1", 60_000)).current).toBe(1);
    expect((await incr(processB, "10.1.1.1", 60_000)).current).toBe(2);
    const third = await incr(processA, "10.1.1.1", 60_000);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(55_000);
    expect(third.ttl).toBeLessThanOrEqual(60_000);
    const otherRoute = new Store().child({ routeInfo: { url: "/api/auth/send-reset-link" } });
    expect((await incr(otherRoute, "10.1.1.1", 60_000)).current).toBe(1);
  });

  it("starts a new window once the old one has passed", async () => {
    const store = new (postgresStoreClass(server.database.db))().child({ routeInfo: { url: "/x" } });
    await incr(store, "10.2.2.2", 60_000);
    await incr(store, "10.2.2.2", 60_000);
    await server.database.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });
    expect((await incr(store, "10.2.2.2", 60_000)).current).toBe(1);
  });

  it("deletes windows that expired a while ago, off the request path", async () => {
    await server.database.db.insert(rateLimits).values([
      { key: "old|10.4.4.4", count: 9, resetAt: sql`now() - interval '2 minutes'` },
      { key: "live|10.4.4.4", count: 1, resetAt: sql`now() + interval '2 minutes'` },
    ]);
    const store = new (postgresStoreClass(server.database.db, 0))().child({ routeInfo: { url: "/y" } });
    await incr(store, "10.5.5.5", 60_000);
    await vi.waitFor(async () => {
      const keys = (await server.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
      expect(keys).not.toContain("old|10.4.4.4");
      expect(keys).toContain("live|10.4.4.4");
    });
  });

  it("is what the server uses on PostgreSQL; PGlite (one process) counts in memory", async () => {
    const token = await server.token("user");
    await server.database.db.delete(rateLimits);
    const login = () =>
      server.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        remoteAddress: "10.3.3.3",
        payload: { email: "admin", password: DEMO_PASSWORD },
      });
    for (let i = 0; i < 3; i++) expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(429);
    const rows = await server.database.db.select().from(rateLimits);
    expect(rows.length).toBe(server.database.kind === "postgres" ? 1 : 0);
    // A signed-in read is never counted.
    const balance = await server.call({ method: "GET", url: "/api/v1/balance/getBalance", token });
    expect(balance.headers["x-ratelimit-limit"]).toBeUndefined();
    expect(await server.database.db.select().from(rateLimits)).toHaveLength(rows.length);
  });
});
