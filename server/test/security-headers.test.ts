import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configFromEnv } from "../config";
import { securityHeaders, type SecurityHeadersOptions } from "../plugins/external/security-headers";
import { startServer, type TestServer } from "./harness";

/** The plugin alone behind a proxy it trusts, so X-Forwarded-Proto stands for a TLS connection. */
async function behindProxy(publicUrl?: string, consoleOrigins?: SecurityHeadersOptions["consoleOrigins"]) {
  const app = Fastify({ trustProxy: true });
  await app.register(securityHeaders, { publicUrl, consoleOrigins });
  app.get("/", async () => "ok");
  return app;
}

describe("https-only headers", () => {
  it("over https: the policy upgrades insecure requests and HSTS is sent", async () => {
    const app = await behindProxy();
    const res = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    await app.close();
  });

  it("over plain http: neither, and the rest of the policy stays", async () => {
    const app = await behindProxy();
    const res = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "http" } });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(csp).toContain("script-src 'self'");
    // Previews show the business's media from its https hosts; plain http images stay blocked.
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    await app.close();
  });

  it.each([
    ["http", undefined],
    ["https", "max-age=31536000; includeSubDomains"],
  ])("a hashed asset over %s gets only the subresource headers", async (proto, hsts) => {
    const app = await behindProxy();
    app.get("/assets/app-1234abcd.js", async () => "export {};");
    const asset = await app.inject({
      method: "GET",
      url: "/assets/app-1234abcd.js",
      headers: { "x-forwarded-proto": proto },
    });
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(asset.headers["strict-transport-security"]).toBe(hsts);
    for (const documentOnly of [
      "content-security-policy",
      "x-frame-options",
      "referrer-policy",
      "cross-origin-opener-policy",
    ])
      expect(asset.headers[documentOnly], documentOnly).toBeUndefined();
    // A document keeps the whole policy, also where the SPA fallback may answer index.html under /assets/.
    for (const url of ["/", "/assets/app", "/assets/app.html", "/assets/..%2findex.html"]) {
      const page = await app.inject({ method: "GET", url, headers: { "x-forwarded-proto": proto } });
      expect(page.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(page.headers["x-frame-options"], url).toBe("SAMEORIGIN");
    }
    await app.close();
  });

  describe("PUBLIC_URL is https", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer({
        publicUrl: "https://console.example.com",
        consoleOrigins: { realtime: "https://rt.example.com" },
      });
    });
    afterAll(() => server.close());

    it("every answer carries both, even one that reached the server over http", async () => {
      const res = await server.app.inject({ method: "GET", url: "/api/unknown" });
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      // The app passes its configured origins to the policy.
      expect(directive(String(res.headers["content-security-policy"]), "connect-src")).toEqual([
        "'self'",
        "https://console.example.com",
        "wss://console.example.com",
        "https://rt.example.com",
        "wss://rt.example.com",
      ]);
    });

    it.each(["/api/v1/%zz", "/api/flow/v1/agents/%ff", "/%E0%A4%A"])(
      "a malformed URL (%s) is answered 400 in the product's error shape",
      async (url) => {
        const res = await server.app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          message: "The request's address is not valid (a malformed %-escape).",
        });
        expect(res.body).not.toContain("FST_ERR");
      },
    );
  });
});

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1);

describe("connect-src", () => {
  it("is the page's own origin only: no websocket to any host", async () => {
    const app = await behindProxy();
    const csp = String((await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    await app.close();
    expect(directive(csp, "connect-src")).toEqual(["'self'"]);
  });

  it("adds the configured API and realtime origins, each with its websocket twin", async () => {
    const app = await behindProxy(undefined, { api: "https://api.example.com", realtime: "http://10.0.0.5:8080" });
    const csp = String((await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    await app.close();
    expect(directive(csp, "connect-src")).toEqual([
      "'self'",
      "https://api.example.com",
      "wss://api.example.com",
      "http://10.0.0.5:8080",
      "ws://10.0.0.5:8080",
    ]);
  });

  it("reads them from VITE_API_URL and VITE_REALTIME_URL, the console's own build variables; a value that is no URL stops the server", () => {
    expect(configFromEnv({ VITE_REALTIME_URL: "https://rt.example.com/socket/" }).consoleOrigins).toEqual({
      api: undefined,
      realtime: "https://rt.example.com",
    });
    expect(() => configFromEnv({ VITE_API_URL: "api.example.com" })).toThrow(
      'VITE_API_URL must be an absolute http(s) URL, got "api.example.com"',
    );
  });
});
