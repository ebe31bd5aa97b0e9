import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AREA_OF, CALL_IDS, CALLS, rolesFor } from "../../contract/calls";
import { buildApp } from "../app";
import { isPublicApiPath, PUBLIC_API_TAG } from "../plugins/external/swagger";
import { freshDatabase, startServer, type TestServer } from "./harness";

interface Operation {
  operationId: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, unknown>;
  "x-roles": string[];
  "x-module"?: string;
}
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description?: string }[];
  components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
};

// A built console in the web root: the docs must still win over its SPA fallback.
const root = mkdtempSync(join(tmpdir(), "docs-web-root-"));
let server: TestServer;
let doc: Doc;
beforeAll(async () => {
  writeFileSync(join(root, "index.html"), "<!doctype html><title>console</title>");
  server = await startServer({ webRoot: root });
  doc = (await server.app.inject({ method: "GET", url: "/api/docs/json" })).json();
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const openapiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

describe("the OpenAPI document at /api/docs/json", () => {
  it("declares the session token and the API key (bearer or X-API-Key)", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" });
  });

  it("lists the public API's tag first, then every section, and explains webhook signatures", () => {
    expect(doc.tags[0].name).toBe(PUBLIC_API_TAG);
    expect(doc.tags.map((t) => t.name).slice(1)).toEqual([...new Set(Object.values(AREA_OF))]);
    expect(doc.tags.find((t) => t.name === "Webhooks")?.description).toContain("X-Webhook-Signature: v1=<hex>");
  });

  it("lists exactly the rows of the call table", () => {
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(listed.sort()).toEqual(CALL_IDS.map((id) => `${CALLS[id].method} ${openapiPath(CALLS[id].path)}`).sort());
  });

  it.each(CALL_IDS)("%s: roles, module, section, parameters, replies and auth", (id) => {
    const def = CALLS[id];
    const op = doc.paths[openapiPath(def.path)][def.method.toLowerCase()];
    expect(op.operationId).toBe(id);
    expect(op["x-roles"]).toEqual([...rolesFor(id)]);
    expect(op["x-module"]).toBe("module" in def ? def.module : undefined);
    // The public API (an API key) by its path, the console's calls (a session token) by section.
    if (isPublicApiPath(def.path)) {
      expect(op.tags).toEqual([PUBLIC_API_TAG]);
      expect(op.security).toEqual([{ apiKey: [] }, { apiKeyHeader: [] }]);
    } else {
      expect(op.tags).toEqual([AREA_OF[id]]);
      expect(op.security).toEqual(def.access === "public" ? [] : [{ bearerAuth: [] }]);
    }
    const params = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`).sort();
    const expected = [
      ...("params" in def ? Object.keys(def.params.properties).map((n) => `path:${n}`) : []),
      ...("query" in def ? Object.keys(def.query.properties).map((n) => `query:${n}`) : []),
    ].sort();
    expect(params).toEqual(expected);
    expect(Object.keys(op.responses).length).toBeGreaterThan(1);
  });
});

describe("routes of the public API", () => {
  it("are documented under the public API with the API key, whoever registers them", async () => {
    const database = await freshDatabase();
    const app = await buildApp({ database, logger: false, config: { webRoot: "./.no-web-root", jwtSecret: "t", seedDemo: false } });
    try {
      app.post("/api/public/v1/probe", { schema: { summary: "A probe", tags: ["Elsewhere"], response: { 200: { type: "object", properties: { ok: { type: "boolean" } } } } } }, async () => ({ ok: true }));
      const probe = ((await app.inject({ method: "GET", url: "/api/docs/json" })).json() as Doc).paths["/api/public/v1/probe"]?.post;
      expect(probe).toMatchObject({ tags: [PUBLIC_API_TAG], security: [{ apiKey: [] }, { apiKeyHeader: [] }] });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("the Swagger UI at /api/docs", () => {
  it("serves the UI, not the console's app shell, with a policy that admits its own scripts", async () => {
    let res = await server.app.inject({ method: "GET", url: "/api/docs" });
    if (res.statusCode === 302) res = await server.app.inject({ method: "GET", url: String(res.headers.location) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("swagger-ui");
    expect(res.body).not.toContain("<title>console</title>");
    // helmet's policy allows scripts from 'self' only: the page must load its scripts as files.
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self'");
    expect(res.body).toContain('<script src="/api/docs/static/swagger-initializer.js"');
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const init = await server.app.inject({ method: "GET", url: "/api/docs/static/swagger-initializer.js" });
    expect(init.statusCode).toBe(200);
  });
});
