import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { AREA_OF, CALL_IDS, CALLS, rolesFor, type CallDef, type CallId } from "../../contract/calls";
import { IDEMPOTENCY_KEY_MAX, PUBLIC_API_HEADERS } from "../../contract/domain/api-keys";
import { REQUEST_ID_HEADER } from "../../contract/constants";
import { SCHEMAS } from "../../schemas";
import { buildApp } from "../app";
import { isPublicApiPath, PUBLIC_API_TAG } from "../plugins/external/swagger";
import { freshDatabase, startServer, type TestServer } from "./harness";
import { lintOpenApi } from "./openapi-lint";

type Json = Record<string, unknown>;
interface Media {
  schema: Json;
  examples?: Record<string, { summary: string; value: unknown }>;
}
interface Operation {
  operationId: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema: Json; example?: unknown }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media>; headers?: Record<string, { schema: Json }> }>;
  "x-roles": string[];
  "x-module"?: string;
}
type Doc = {
  info: { contact?: { url?: string }; license?: { url?: string } };
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
  // A server's start plus the first document (about 250 routes) took 59 s on a 2-core machine at load 30.
}, 180_000);
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

const openapiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, "{$1}");

describe("the OpenAPI document at /api/docs/json", () => {
  it("declares the session token and the API key (bearer or X-API-Key)", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.securitySchemes.apiKeyHeader).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-API-Key",
    });
  });

  it("lists the public API's tag first, then every section that has calls, each described, and explains webhook signatures", () => {
    const used = new Set(Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)));
    expect(doc.tags.map((t) => t.name)).toEqual([
      PUBLIC_API_TAG,
      ...new Set(Object.values(AREA_OF).filter((section) => used.has(section))),
    ]);
    expect(new Set(doc.tags.map((t) => t.name))).toEqual(used);
    expect(doc.tags.filter((t) => !t.description?.trim())).toEqual([]);
    expect(doc.tags.find((t) => t.name === "Webhooks")?.description).toContain("X-Webhook-Signature: v1=<hex>");
  });

  it("lists exactly the rows of the call table", () => {
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
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
      ...Object.keys((def as CallDef).docs?.requestHeaders ?? {}).map((n) => `header:${n}`),
    ].sort();
    expect(params).toEqual(expected);
    expect(Object.keys(op.responses).length).toBeGreaterThan(1);
  });
});

describe("routes of the public API", () => {
  it("are documented under the public API with the API key, whoever registers them; contact and terms are at PUBLIC_URL", async () => {
    const database = await freshDatabase();
    const publicUrl = "https://console.example.in";
    const app = await buildApp({
      database,
      logger: false,
      config: { webRoot: "./.no-web-root", jwtSecret: "t", seedDemo: false, publicUrl },
    });
    try {
      app.post(
        "/api/public/v1/probe",
        {
          schema: {
            summary: "A probe",
            tags: ["Elsewhere"],
            response: { 200: { type: "object", properties: { ok: { type: "boolean" } } } },
          },
        },
        async () => ({ ok: true }),
      );
      const served = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as Doc;
      expect(served.paths["/api/public/v1/probe"]?.post).toMatchObject({
        tags: [PUBLIC_API_TAG],
        security: [{ apiKey: [] }, { apiKeyHeader: [] }],
      });
      expect([served.info.contact?.url, served.info.license?.url]).toEqual([`${publicUrl}/`, `${publicUrl}/`]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
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

describe("the linters, run on the served document", () => {
  it("Redocly's recommended rules and Spectral's oas rules find nothing: 0 errors, 0 warnings, and nothing is fetched", async () => {
    const { redocly, spectral } = await lintOpenApi(doc);
    expect([...redocly.network, ...spectral.network]).toEqual([]);
    expect(redocly.problems).toEqual([]);
    expect([redocly.errors, redocly.warnings]).toEqual([0, 0]);
    expect(spectral.problems).toEqual([]);
    expect([spectral.errors, spectral.warnings]).toEqual([0, 0]);
    // Each finding accepted in the ignore file (with its reason there) still happens: none is left over.
    const accepted = Object.values(
      parse(readFileSync(".redocly.lint-ignore.yaml", "utf8")) as Record<string, Record<string, string[]>>,
    ).flatMap((rules) => Object.values(rules).flat());
    expect(redocly.ignored).toBe(accepted.length);
    // About 15 s on a quiet 2-core machine; 85 s at load 30.
  }, 240_000);
});

const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
const operationOf = (id: CallId) => doc.paths[openapiPath(CALLS[id].path)][CALLS[id].method.toLowerCase()];
const publicIds = CALL_IDS.filter((id) => isPublicApiPath(CALLS[id].path));
/** The calls that send, and so honour an Idempotency-Key. */
const sendingIds = publicIds.filter((id) => (CALLS[id] as CallDef).scope === "messages:send");

describe("every public-API operation", () => {
  it("is there", () => {
    expect(publicIds.length).toBeGreaterThanOrEqual(4);
    expect(sendingIds.length).toBeGreaterThanOrEqual(2);
  });

  it.each(publicIds)(
    "%s: an example of each parameter and body, examples of every answer, the request id on each",
    (id) => {
      const op = operationOf(id);
      expect((op.parameters ?? []).filter((p) => p.in !== "header" && p.example === undefined)).toEqual([]);
      if (op.requestBody)
        expect(Object.keys(op.requestBody.content["application/json"].examples ?? {})).not.toEqual([]);
      expect(Object.keys(op.responses).sort()).toEqual(expect.arrayContaining(["429", "4XX", "5XX"]));
      for (const [status, response] of Object.entries(op.responses)) {
        expect(Object.keys(response.content?.["application/json"]?.examples ?? {}), status).not.toEqual([]);
        expect(response.headers?.[REQUEST_ID_HEADER], status).toBeDefined();
      }
      expect(op.responses["429"].headers?.[PUBLIC_API_HEADERS.retryAfter]).toBeDefined();
    },
  );

  it.each(sendingIds)("%s: takes an Idempotency-Key and marks a replayed answer", (id) => {
    const op = operationOf(id);
    const key = op.parameters?.find((p) => p.in === "header" && p.name === PUBLIC_API_HEADERS.idempotencyKey);
    expect(key).toMatchObject({ required: false, schema: { maxLength: IDEMPOTENCY_KEY_MAX } });
    expect(op.responses["201"].headers?.[PUBLIC_API_HEADERS.replayed]).toBeDefined();
  });

  it("answers with the headers it declares, in their declared form", async () => {
    const made = await server.call({
      method: "POST",
      url: "/api/ums/v1/api-keys",
      as: "user",
      payload: { name: "Docs key", scopes: ["messages:send", "reports:read", "templates:manage"] },
    });
    const { key, apiKey } = (made.json() as { data: { key: string; apiKey: { id: string } } }).data;
    const send = () =>
      server.app.inject({
        method: "POST",
        url: "/api/public/v1/messages",
        headers: { "x-api-key": key, [PUBLIC_API_HEADERS.idempotencyKey]: "docs-check-1" },
        payload: { channel: "rcs", to: "9000000004", text: "Docs check" },
      });
    expect((await send()).statusCode).toBe(201);
    const replayed = await send();
    expect(replayed.statusCode).toBe(201);
    // A key allowed one request a second: a burst gets 429.
    await server.call({
      method: "POST",
      url: "/api/ums/v1/key-configs",
      as: "user",
      payload: {
        name: "Docs slow",
        apiKeyId: apiKey.id,
        channels: ["rcs"],
        scopes: ["templates:manage"],
        ratePerSecond: 1,
        ratePerDay: 1000,
      },
    });
    const burst = await Promise.all(
      [1, 2, 3, 4].map(() =>
        server.app.inject({ method: "GET", url: "/api/public/v1/templates", headers: { "x-api-key": key } }),
      ),
    );
    const limited = burst.find((r) => r.statusCode === 429);
    const answers = [
      { res: replayed, declared: operationOf("public.messages.send").responses["201"].headers ?? {} },
      { res: limited, declared: operationOf("public.templates.list").responses["429"].headers ?? {} },
    ];
    for (const { res, declared } of answers) {
      expect(res, "a declared answer did not come").toBeDefined();
      for (const [name, header] of Object.entries(declared)) {
        const value = res?.headers[name.toLowerCase()];
        expect(value, name).toBeTypeOf("string");
        expect(ajv.validate(header.schema, value) ? [] : ajv.errors, name).toEqual([]);
      }
    }
  });
});

describe("the profile update's rule that a new password needs the current one", () => {
  const bodySchema = () => operationOf("profile.update").requestBody?.content["application/json"].schema ?? {};
  const bodies: Json[] = [
    { newPassword: "a-new-password" },
    { name: "Asha", newPassword: "a-new-password" },
    { currentPassword: "old-password", newPassword: "a-new-password" },
    { currentPassword: "old-password" },
    { name: "Asha" },
    {},
    { role: "admin" },
  ];

  it.each(bodies)("the document (OpenAPI 3.0, no `dependencies`) decides %j as the server's schema does", (body) => {
    expect(JSON.stringify(bodySchema())).not.toContain('"dependencies"');
    expect(ajv.validate(bodySchema(), body)).toBe(ajv.validate(SCHEMAS["profile-update"], body));
  });

  it("is still the server's validator's refusal, word for word", async () => {
    const res = await server.call({
      method: "PUT",
      url: "/api/v1/profile/update",
      as: "user",
      payload: { newPassword: "a-new-password" },
    });
    const message = "must have property currentPassword when property newPassword is present";
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: `currentPassword: ${message}`,
      errors: [{ field: "currentPassword", message }],
    });
  });
});
