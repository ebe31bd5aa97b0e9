import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness";

const BUNDLE = `export const app = "${"console ".repeat(200)}";`;

const root = mkdtempSync(join(tmpdir(), "web-root-"));
let server: TestServer;
beforeAll(async () => {
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>console</title>");
  writeFileSync(join(root, "assets", "app.js"), "console.log(1)");
  // What the build writes: each asset beside its brotli and gzip forms (vite.config.ts).
  writeFileSync(join(root, "assets", "bundle-abc123.js"), BUNDLE);
  writeFileSync(join(root, "assets", "bundle-abc123.js.br"), brotliCompressSync(BUNDLE));
  writeFileSync(join(root, "assets", "bundle-abc123.js.gz"), gzipSync(BUNDLE));
  server = await startServer({ webRoot: root });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: "GET", url, headers });

describe("the console on the API's port", () => {
  it.each(["/", "/reseller/users", "/organization/campaigns?status=draft", "/no/such/page"])(
    "%s serves the app shell",
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<title>console</title>");
    },
  );

  it("serves assets, including ones built after start-up", async () => {
    expect((await get("/assets/app.js")).body).toBe("console.log(1)");
    writeFileSync(join(root, "assets", "later.js"), "console.log(2)");
    expect((await get("/assets/later.js")).body).toBe("console.log(2)");
  });

  it.each(["/assets/missing.js", "/api/unknown", "/api"])("%s is a JSON 404, never the app shell", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it("sends a security policy that forbids eval and foreign scripts", async () => {
    const csp = String((await get("/")).headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
  });

  it("sends the upgrade-to-https directive and HSTS only over https, so plain http at a LAN address works", async () => {
    const res = await get("/", { host: "192.0.2.2:8080" });
    expect(String(res.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("first load: compressed, cached assets", () => {
  it.each([
    ["br", "br, gzip, deflate", (b: Buffer) => brotliDecompressSync(b)],
    ["gzip", "gzip, deflate", (b: Buffer) => gunzipSync(b)],
  ] as const)(
    "a hashed asset comes %s-encoded from the build's file when the browser accepts it",
    async (encoding, accept, decode) => {
      const res = await get("/assets/bundle-abc123.js", { "accept-encoding": accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(BUNDLE.length / 5);
      expect(decode(res.rawPayload).toString()).toBe(BUNDLE);
    },
  );

  it("a browser that accepts no encoding gets the plain file", async () => {
    const res = await get("/assets/bundle-abc123.js", { "accept-encoding": "identity" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body).toBe(BUNDLE);
  });

  it.each(["/assets/bundle-abc123.js", "/assets/app.js"])(
    "%s (content-hashed) is cached for a year, immutable",
    async (url) => {
      const res = await get(url, { "accept-encoding": "br" });
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    },
  );

  it.each(["/", "/index.html", "/reseller/users"])("%s (the app shell) is revalidated on every load", async (url) => {
    const res = await get(url, { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it.each([
    ["GET", "/api/unknown"],
    ["GET", "/api/v1/balance/getBalance"],
    ["POST", "/api/v1/auth/login"],
  ] as const)("API answers are never stored (%s %s)", async (method, url) => {
    const res = await server.app.inject({
      method,
      url,
      payload: method === "POST" ? { email: "admin", password: "wrong-password" } : undefined,
    });
    expect(res.headers["content-type"]).toMatch(/json/);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("a signed-in API read is never stored either", async () => {
    const res = await server.call({ method: "GET", url: "/api/v1/balance/getBalance", as: "reseller" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
