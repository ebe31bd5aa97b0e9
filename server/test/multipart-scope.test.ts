import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceRequests, uploads } from "../db/schema";
import { startServer, type TestServer } from "./harness";
import { multipart, png } from "./media-fixtures";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

// @fastify/multipart is registered only around the contract's multipart rows (its hooks would run on every request).
describe("multipart bodies", () => {
  it("are read by a multipart call", async () => {
    const form = await multipart({ channel: "rcs" }, { field: "fileContent", bytes: png(), name: "a.png" });
    const res = await server.call({ method: "POST", url: "/api/upload/aws-upload", as: "user", ...form });
    expect(res.statusCode).toBe(201);
    expect((await server.database.db.select({ n: count() }).from(uploads))[0].n).toBe(1);
  });

  it("are refused by a JSON call as an unsupported type, writing nothing", async () => {
    const form = await multipart({ requestedBalance: "10" });
    const res = await server.call({ method: "POST", url: "/api/balance/requestBalance", as: "user", ...form });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false });
    expect((await server.database.db.select({ n: count() }).from(balanceRequests))[0].n).toBe(0);
  });
});
