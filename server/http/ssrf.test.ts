// The shared SSRF guard: which addresses are private, a literal refused before connecting, a name judged at connect
// time by net.connect's `lookup` (so what is checked is what is connected to), and the early check for a form.
import { connect, createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedLookup, isPrivateAddress, PRIVATE_ADDRESS, privateHostError, refuseLiteral, SsrfError } from "./ssrf";

const RULE = "a test may not go there";

describe("isPrivateAddress", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["10.1.2.3", true],
    ["172.16.0.1", true],
    ["172.31.255.255", true],
    ["192.168.1.1", true],
    ["169.254.169.254", true],
    ["100.64.0.1", true],
    ["0.0.0.0", true],
    ["224.0.0.1", true],
    ["::1", true],
    ["::", true],
    ["fe80::1", true],
    ["fd00::1", true],
    ["::ffff:127.0.0.1", true],
    ["::ffff:10.0.0.1", true],
    ["not-an-ip", true],
    // IPv6 forms that carry an IPv4 address (6to4, Teredo, NAT64, the deprecated IPv4-compatible ::a.b.c.d) and
    // discard.
    ["2002:7f00:1::", true],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", true],
    ["64:ff9b::a9fe:a9fe", true],
    ["::7f00:1", true],
    ["100::1", true],
    ["8.8.8.8", false],
    ["172.32.0.1", false],
    ["1.1.1.1", false],
    ["2606:4700:4700::1111", false],
    ["::ffff:8.8.8.8", false],
  ])("%s → %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});

describe("refuseLiteral and privateHostError", () => {
  it("refuses a private literal (bracketed IPv6 and IPv4-mapped too) unless allowed, and passes names and public literals", async () => {
    for (const host of ["127.0.0.1", "[::1]", "::ffff:127.0.0.1", "[::ffff:169.254.169.254]", "10.0.0.5"]) {
      expect(() => refuseLiteral(host, false, RULE), host).toThrow(SsrfError);
      expect(() => refuseLiteral(host, true, RULE)).not.toThrow();
    }
    expect(() => refuseLiteral("8.8.8.8", false, RULE)).not.toThrow();
    expect(() => refuseLiteral("localhost", false, RULE)).not.toThrow();
    expect(() => refuseLiteral("10.0.0.5", false, RULE)).toThrow(`${PRIVATE_ADDRESS}; ${RULE} (10.0.0.5)`);
  });

  it("judges a name by every address it resolves to now; a name that does not resolve passes", async () => {
    expect((await privateHostError("localhost", false, RULE))?.message).toMatch(
      new RegExp(`^${PRIVATE_ADDRESS}; ${RULE} \\(localhost is (127\\.0\\.0\\.1|::1)\\)$`),
    );
    expect(await privateHostError("localhost", true, RULE)).toBeNull();
    expect(await privateHostError("[::ffff:127.0.0.1]", false, RULE)).toBeInstanceOf(SsrfError);
    expect(await privateHostError("8.8.8.8", false, RULE)).toBeNull();
    expect(await privateHostError("no-such-host.invalid", false, RULE)).toBeNull();
  });
});

describe("guardedLookup on net.connect", () => {
  let server: Server;
  let port = 0;
  let accepted = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      accepted++;
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const attempt = (allowPrivate: boolean) =>
    new Promise<Error | null>((resolve) => {
      const socket = connect({ host: "localhost", port, family: 4, lookup: guardedLookup(allowPrivate, RULE) });
      socket.on("connect", () => {
        socket.destroy();
        resolve(null);
      });
      socket.on("error", resolve);
    });

  it("refuses a name resolving to loopback before any connection, and connects when allowed", async () => {
    const before = accepted;
    const refused = await attempt(false);
    expect(refused).toBeInstanceOf(SsrfError);
    expect(refused?.message).toContain(`${PRIVATE_ADDRESS}; ${RULE} (localhost is 127.0.0.1)`);
    await new Promise((r) => setTimeout(r, 50));
    expect(accepted).toBe(before);
    expect(await attempt(true)).toBeNull();
  });
});
