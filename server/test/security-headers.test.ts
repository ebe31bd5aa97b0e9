import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { securityHeaders } from "../plugins/external/security-headers";
import { startServer } from "./harness";

/** The plugin alone behind a proxy it trusts, so X-Forwarded-Proto stands for a TLS connection. */
async function behindProxy(publicUrl?: string) {
  const app = Fastify({ trustProxy: true });
  await app.register(securityHeaders, { publicUrl });
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

  describe("PUBLIC_URL is https", () => {
    let close: () => Promise<void> = async () => {};
    afterAll(() => close());

    it("every answer carries both, even one that reached the server over http", async () => {
      const server = await startServer({ publicUrl: "https://console.example.com" });
      close = server.close;
      const res = await server.app.inject({ method: "GET", url: "/api/unknown" });
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    });
  });
});
