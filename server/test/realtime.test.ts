import type { AddressInfo } from "node:net";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { userRoom } from "../realtime";
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
