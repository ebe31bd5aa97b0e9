// Several server processes over one PostgreSQL: socket.io's PostgreSQL adapter carries an emit into a room on one
// process to that room's sockets on every other (LISTEN/NOTIFY). Two real server processes, and two in-process
// peers for ordering and large events (over NOTIFY's 8000 bytes, through socket_io_attachments).
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BALANCE_REQUEST_DECIDED_EVENT, type BalanceRequestRecord } from "../../contract/domain/balance-requests";
import { buildApp } from "../app";
import { Server } from "socket.io";
import { userRoom } from "../realtime";
import { postgresAdapter } from "../realtime/postgres-adapter";
import { rowsOf } from "../db/sql";
import { startChild, type Child } from "./crash-child";
import { DEMO_PASSWORD, freshDatabase, startPeer, startServer, type TestServer } from "./harness";

function open(base: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(base, { transports: ["websocket"], reconnection: false, query: { token } });
    socket.on("connect", () => resolve(socket));
    socket.on("connect_error", (err) => {
      socket.close();
      reject(err);
    });
  });
}

const once = <T>(socket: Socket, event: string, ms = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

describe("two server processes on one PostgreSQL", () => {
  const children: Child[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) if (c.process.exitCode === null) c.process.kill("SIGKILL");
  });

  it("a balance decision made on process B reaches the requester's socket on process A", async () => {
    const database = await freshDatabase();
    try {
      // Migrated and seeded once here, so the two processes start on a ready database.
      const dataDir = mkdtempSync(join(tmpdir(), "rt-two-"));
      const seeder = await buildApp({
        database,
        logger: false,
        config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "x", dataDir },
      });
      await seeder.ready();
      await seeder.close();
      const env = { DATABASE_URL: database.url ?? "", DATA_DIR: dataDir, SEED_DEMO: "false" };
      children.push(await startChild(env), await startChild(env));
      const [a, b] = children.map((c) => `http://127.0.0.1:${c.port}`);
      const login = async (base: string, name: string) => {
        const res = await fetch(`${base}/api/v1/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: name, password: DEMO_PASSWORD }),
        });
        expect(res.status).toBe(200);
        return ((await res.json()) as { data: { token: string } }).data.token;
      };
      const post = async (base: string, token: string, path: string, body?: unknown) =>
        fetch(`${base}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });

      const userToken = await login(a, "user");
      const onA = await open(a, userToken);
      const bystander = await open(a, await login(a, "priya"));
      const heardByBystander: unknown[] = [];
      bystander.on(BALANCE_REQUEST_DECIDED_EVENT, (p: unknown) => heardByBystander.push(p));

      const created = await post(b, await login(b, "user"), "/api/balance/requestBalance", { requestedBalance: 250 });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { data: { _id: string } }).data._id;
      const decided = once<BalanceRequestRecord>(onA, BALANCE_REQUEST_DECIDED_EVENT);
      expect((await post(b, await login(b, "manager"), `/api/balance/requests/${id}/approve`)).status).toBe(200);
      expect(await decided).toMatchObject({ _id: id, status: "approved", amount: 250, username: "user" });
      await new Promise((r) => setTimeout(r, 300));
      expect(heardByBystander).toEqual([]);
      onA.close();
      bystander.close();
      for (const c of children) c.process.kill("SIGTERM");
      // A clean close ends the adapter's connections too: the process exits on its own.
      expect(await Promise.all(children.map((c) => c.exited))).toEqual([0, 0]);
    } finally {
      await database.close();
    }
  }, 240_000);
});

describe("two server instances on one PostgreSQL (in process)", () => {
  let server: TestServer;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let base = "";
  beforeAll(async () => {
    server = await startServer();
    peer = await startPeer(server);
    await peer.ready();
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await peer?.close();
    await server?.close();
  });

  it("uses the PostgreSQL adapter", () => {
    expect(server.app.io.of("/").adapter.constructor.name).toBe("PostgresAdapter");
    expect(peer.io.of("/").adapter.constructor.name).toBe("PostgresAdapter");
  });

  it("delivers a room's events from the other instance in the order they were emitted", async () => {
    const socket = await open(base, await server.token("user"));
    const room = userRoom(await server.id("user"));
    const got: number[] = [];
    const all = new Promise<void>((resolve) => {
      socket.on("progressUpdate", (p: { n: number }) => {
        got.push(p.n);
        if (got.length === 300) resolve();
      });
    });
    for (let n = 0; n < 300; n++) peer.io.to(room).emit("progressUpdate", { n });
    await all;
    expect(got).toEqual(Array.from({ length: 300 }, (_, n) => n));
    socket.close();
  });

  it("carries an event over NOTIFY's 8000 bytes through socket_io_attachments", async () => {
    const socket = await open(base, await server.token("user"));
    const text = "नमस्ते ".repeat(2000);
    const received = once<{ text: string }>(socket, "progressUpdate");
    peer.io.to(userRoom(await server.id("user"))).emit("progressUpdate", { text });
    expect((await received).text).toBe(text);
    const [row] = await rowsOf<{ n: number }>(
      server.database.db,
      sql`select count(*)::int as n from socket_io_attachments`,
    );
    expect(row.n).toBeGreaterThan(0);
    socket.close();
  });

  it("lets either instance count the sockets of a room across both", async () => {
    const socket = await open(base, await server.token("manager"));
    const room = userRoom(await server.id("manager"));
    try {
      expect((await peer.io.in(room).fetchSockets()).map((s) => s.id)).toEqual([socket.id]);
      expect((await server.app.io.in(room).fetchSockets()).map((s) => s.id)).toEqual([socket.id]);
      expect(await peer.io.of("/").adapter.serverCount()).toBe(2);
    } finally {
      socket.close();
    }
  });
});

describe("the adapter's connections", () => {
  it("end promptly when socket.io closes before the adapter has even listened, and nothing reconnects afterwards", async () => {
    const database = await freshDatabase();
    try {
      const errors: Error[] = [];
      const cluster = await postgresAdapter(database.url ?? "", (e) => errors.push(e));
      const io = new Server({ adapter: cluster.adapter });
      const started = Date.now();
      // What io.close() does to each namespace (this server has no HTTP server to close).
      await io.of("/").adapter.close();
      await cluster.close();
      expect(Date.now() - started).toBeLessThan(3000);
      // No LISTEN connection of the closed adapter is left on the server.
      await new Promise((r) => setTimeout(r, 2500));
      const [row] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN "socket.io#/"'`,
      );
      expect(row.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
