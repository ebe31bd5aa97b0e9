import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { originAllowed, userRoom } from "../realtime";
import { startServer, type TestServer } from "./harness";

let server: TestServer;
let url = "";
beforeAll(async () => {
  server = await startServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => server?.close());

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

describe("socket.io handshake", () => {
  it("uses socket.io's PostgreSQL adapter on PostgreSQL and the in-memory one on PGlite (one process)", () => {
    expect(server.app.io.of("/").adapter.constructor.name).toBe(server.database.url ? "PostgresAdapter" : "Adapter");
  });

  it("accepts the token in auth and in the query, and joins the user's room", async () => {
    const token = await server.token("user");
    const viaAuth = await open({ auth: { token } });
    const viaQuery = await open({ query: { token } });
    const received = new Promise((resolve) => viaAuth.once("progressUpdate", resolve));
    server.app.io.to(userRoom(await server.id("user"))).emit("progressUpdate", { ok: 1 });
    expect(await received).toEqual({ ok: 1 });
    viaAuth.close();
    viaQuery.close();
  });

  it("refuses a missing or bad token with SPEC's message", async () => {
    await expect(open({})).rejects.toThrow(MSG.noToken);
    await expect(open({ auth: { token: "bad" } })).rejects.toThrow(MSG.invalidToken);
  });
});

function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
}

describe("sockets of ended sessions", () => {
  it("disconnects a suspended user's sockets", async () => {
    const socket = await open({ auth: { token: await server.freshToken("priya") } });
    const gone = disconnected(socket);
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/admin/user",
      as: "admin",
      payload: { userId: await server.id("priya"), status: "suspended" },
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe("io server disconnect");
  });

  it("disconnects the socket of a session that logs out, and of impersonation sessions opened from it", async () => {
    const adminToken = await server.freshToken("admin");
    const imp = await server.call({
      method: "POST",
      url: "/api/v1/auth/admin-impersonate",
      token: adminToken,
      payload: { userId: await server.id("user") },
    });
    const own = await open({ auth: { token: adminToken } });
    const impersonated = await open({ auth: { token: imp.json().data.token as string } });
    const bystander = await open({ auth: { token: await server.token("user") } });
    const gone = [disconnected(own), disconnected(impersonated)];
    expect((await server.call({ method: "POST", url: "/api/v1/auth/logout", token: adminToken })).statusCode).toBe(200);
    expect(await Promise.all(gone)).toEqual(["io server disconnect", "io server disconnect"]);
    expect(bystander.connected).toBe(true);
    bystander.close();
  });
});

describe("handshake Origin", () => {
  it("refuses a foreign Origin", async () => {
    const token = await server.token("user");
    await expect(open({ auth: { token }, extraHeaders: { origin: "http://evil.example" } })).rejects.toThrow();
  });

  it("accepts the server's own origin", async () => {
    const socket = await open({ auth: { token: await server.token("user") }, extraHeaders: { origin: url } });
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("accepts PUBLIC_URL and CORS_ORIGIN entries, nothing else", () => {
    const config = {
      publicUrl: "https://console.example.com",
      corsOrigin: "https://a.example, https://b.example:8443",
    };
    const req = (origin: string | undefined) => ({ headers: { host: "10.0.0.5:8080", ...(origin ? { origin } : {}) } });
    expect(originAllowed(req("http://10.0.0.5:8080"), config)).toBe(true);
    expect(originAllowed(req("https://console.example.com"), config)).toBe(true);
    expect(originAllowed(req("https://a.example"), config)).toBe(true);
    expect(originAllowed(req("https://b.example:8443"), config)).toBe(true);
    expect(originAllowed(req(undefined), config)).toBe(true);
    expect(originAllowed(req("https://b.example"), config)).toBe(false);
    expect(originAllowed(req("http://10.0.0.5:8081"), config)).toBe(false);
    expect(originAllowed(req("null"), config)).toBe(false);
    expect(originAllowed(req("https://console.example.com.evil.example"), config)).toBe(false);
  });
});
