import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest, PermanentHttpError } from "./http-step";
import { isPrivateAddress, SSRF_REFUSED } from "./ssrf";

describe("isPrivateAddress", () => {
  it.each([
    ["127.0.0.1", true], ["127.8.9.10", true], ["10.1.2.3", true], ["172.16.0.1", true], ["172.31.255.255", true], ["192.168.1.1", true],
    ["169.254.169.254", true], ["100.64.0.1", true], ["0.0.0.0", true], ["224.0.0.1", true], ["::1", true], ["::", true], ["fe80::1", true],
    ["fd00::1", true], ["::ffff:127.0.0.1", true], ["::ffff:10.0.0.1", true], ["not-an-ip", true],
    ["8.8.8.8", false], ["172.32.0.1", false], ["1.1.1.1", false], ["2606:4700:4700::1111", false], ["::ffff:8.8.8.8", false],
  ])("%s → %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe("the HTTP step through the guard", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ orderId: "A-9", status: "shipped" })));
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
    await expect(httpRequest({ method: "GET", url: "file:///etc/passwd", timeoutMs: 1000 }, true)).rejects.toThrow(/Only http and https/);
  });
});
