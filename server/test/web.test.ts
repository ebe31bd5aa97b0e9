import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./harness";

const root = mkdtempSync(join(tmpdir(), "web-root-"));
let server: TestServer;
beforeAll(async () => {
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), "<!doctype html><title>console</title>");
  writeFileSync(join(root, "assets", "app.js"), "console.log(1)");
  server = await startServer({ webRoot: root });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: "GET", url });

describe("the console on the API's port", () => {
  it.each(["/", "/reseller/users", "/organization/campaigns?status=draft", "/no/such/page"])("%s serves the app shell", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<title>console</title>");
  });

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
});
