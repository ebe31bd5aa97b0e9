// A server for the WhatsApp template suites: the sandbox reviews in 50 ms, the job loop runs every 20 ms, and the
// header media upload answers a handle (media.ts belongs to another part of the sandbox).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { sql } from "drizzle-orm";
import { buildApp } from "../app";
import type { Carrier } from "../carriers";
import { createSandboxCarrier } from "../carriers/sandbox";
import { testSandboxConfig } from "../carriers/sandbox/test-config";
import type { Database } from "../db/client";
import { wabas, whatsappTemplates } from "../db/schema";
import { createStorage, type Storage } from "../storage";
import { DEMO_PASSWORD, demoSessions, type DemoName } from "./harness";

export const REVIEW_MS = 50;
/** 1x1 PNG: a real image, so the server's sniffing sees image/png. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

export function testCarrier(seed = "watpl"): Carrier & { uploads: string[] } {
  const uploads: string[] = [];
  const sandbox = createSandboxCarrier({ ...testSandboxConfig(seed), reviewMs: { min: REVIEW_MS, max: REVIEW_MS } });
  return {
    ...sandbox,
    uploads,
    uploadMedia: async (media) => {
      // The real sandbox answers; the test also sees what was handed to the carrier.
      uploads.push(`${media.owner}:${media.mimeType}`);
      return sandbox.uploadMedia(media);
    },
  };
}

export interface TemplateServer {
  app: FastifyInstance;
  storage: Storage;
  carrier: Carrier & { uploads: string[] };
  call(options: InjectOptions & { as?: DemoName }): Promise<LightMyRequestResponse>;
  id(name: DemoName): Promise<string>;
  token(name: DemoName): Promise<string>;
}

export async function templateServer(
  database: Database,
  jobIntervalMs = 20,
  storageDir = mkdtempSync(join(tmpdir(), "watpl-")),
): Promise<TemplateServer> {
  const storage = createStorage(storageDir);
  const carrier = testCarrier();
  const app = await buildApp({
    database,
    logger: false,
    carrier,
    storage,
    config: { demoPassword: DEMO_PASSWORD, webRoot: "./.no-web-root", jwtSecret: "test-secret", jobIntervalMs },
  });
  await app.ready();
  const { login } = demoSessions(app);
  return {
    app,
    storage,
    carrier,
    id: async (name) => (await login(name)).id,
    token: async (name) => (await login(name)).token,
    call: async ({ as, headers, ...options }) => {
      const auth = as ? { authorization: `Bearer ${(await login(as)).token}` } : {};
      return app.inject({ ...options, headers: { ...headers, ...auth } });
    },
  };
}

export async function addWaba(database: Database, userId: string, wabaId: string): Promise<void> {
  await database.db.insert(wabas).values({ userId, wabaId, name: `WABA ${wabaId}` });
}

export async function templateCount(database: Database): Promise<number> {
  return (await database.db.select({ n: sql<number>`count(*)::int` }).from(whatsappTemplates))[0].n;
}

/** The multipart form the console sends: text fields, components as JSON text, and an optional file. */
export function templateForm(
  fields: Record<string, unknown>,
  file?: { bytes: Buffer; name: string; type?: string },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    form.append(key, typeof value === "string" ? value : JSON.stringify(value));
  if (file)
    form.append(
      "file",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
      file.name,
    );
  return form;
}
