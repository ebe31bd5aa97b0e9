// The workflow HTTP step through the shared SSRF guard (server/http/ssrf.ts): refused private targets, allowed ones
// when the operator says so (WORKFLOW_HTTP_ALLOW_PRIVATE).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest, PermanentHttpError, SSRF_REFUSED } from "./http-step";

describe("the HTTP step through the guard", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ orderId: "A-9", status: "shipped" })),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ["a loopback address", () => `http://127.0.0.1:${port}/x`],
    ["a name that resolves to loopback (checked when connecting)", () => `http://localhost:${port}/x`],
    ["IPv6 loopback", () => `http://[::1]:${port}/x`],
    ["cloud metadata", () => "http://169.254.169.254/latest/meta-data"],
    ["a private network", () => "http://10.0.0.1/"],
  ])("refuses %s", async (_name, url) => {
    const attempt = httpRequest({ method: "GET", url: url(), timeoutMs: 2000 }, false);
    await expect(attempt).rejects.toBeInstanceOf(PermanentHttpError);
    await expect(httpRequest({ method: "GET", url: url(), timeoutMs: 2000 }, false)).rejects.toThrow(SSRF_REFUSED);
  });

  it("reaches a loopback address when the operator allows it, and maps the JSON answer", async () => {
    const answer = await httpRequest({ method: "GET", url: `http://localhost:${port}/orders`, timeoutMs: 2000 }, true);
    expect(answer).toMatchObject({ status: 200, body: { orderId: "A-9", status: "shipped" } });
  });

  it("refuses what is not http(s)", async () => {
    await expect(httpRequest({ method: "GET", url: "file:///etc/passwd", timeoutMs: 1000 }, true)).rejects.toThrow(
      /Only http and https/,
    );
  });
});
