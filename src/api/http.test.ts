import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError, send, type HttpRequest } from "./http";

// The transport against a real HTTP server (jsdom's XMLHttpRequest makes real requests, CORS included).
let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept");
    res.setHeader("Access-Control-Allow-Methods", "GET, POST, DELETE");
    if (req.method === "OPTIONS") return res.end();
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      if (url.pathname === "/slow") return void setTimeout(() => res.end("{}"), 2_000);
      if (url.pathname === "/html") {
        res.statusCode = 502;
        return res.end("<html>Bad gateway</html>");
      }
      res.statusCode = Number(url.searchParams.get("status") ?? 200);
      res.setHeader("Content-Type", url.pathname === "/csv" ? "text/csv" : "application/json");
      if (url.pathname === "/csv") return res.end("number\n+919800000001\n");
      res.end(
        JSON.stringify({
          method: req.method,
          query: Object.fromEntries(url.searchParams),
          auth: req.headers.authorization ?? null,
          type: req.headers["content-type"] ?? null,
          body,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (over: Partial<HttpRequest>): HttpRequest => ({
  method: "GET",
  url: `${base}/echo`,
  params: {},
  headers: {},
  responseType: "json",
  ...over,
});

describe("send, over XMLHttpRequest", () => {
  it("sends the method, the query, the headers and the body, and parses a JSON answer", async () => {
    const res = await send(
      request({
        method: "POST",
        params: { page: 2, search: "O'Brien & co", open: true },
        headers: { Authorization: "Bearer t", "Content-Type": "application/json" },
        data: JSON.stringify({ a: 1 }),
      }),
    );
    expect(res).toEqual({
      status: 200,
      data: {
        method: "POST",
        query: { page: "2", search: "O'Brien & co", open: "true" },
        auth: "Bearer t",
        type: "application/json",
        body: '{"a":1}',
      },
    });
  });

  it("a non-2xx answer rejects with its status and parsed body", async () => {
    const error = await send(request({ params: { status: 422 } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: "ERR_BAD_RESPONSE", response: { status: 422, data: { method: "GET" } } });
  });

  it("a body that is not JSON arrives as its text", async () => {
    const error = await send(request({ url: `${base}/html` })).catch((e: unknown) => e);
    expect(error).toMatchObject({ response: { status: 502, data: "<html>Bad gateway</html>" } });
  });

  it("a download arrives as a Blob", async () => {
    const res = await send(request({ url: `${base}/csv`, responseType: "blob" }));
    expect(res.data).toBeInstanceOf(Blob);
    expect(await (res.data as Blob).text()).toBe("number\n+919800000001\n");
  });

  it("no answer is a network error; an aborted request is cancelled", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(send(request({ url: `http://127.0.0.1:${port}/` }))).rejects.toMatchObject({ code: "ERR_NETWORK" });

    const controller = new AbortController();
    const pending = send(request({ url: `${base}/slow`, signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: "ERR_CANCELED" });
    await expect(send(request({ signal: controller.signal }))).rejects.toMatchObject({ code: "ERR_CANCELED" });
  });
});
