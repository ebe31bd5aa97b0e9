import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp, type BuildOptions } from "../app";
import { DEFAULT_RATE_LIMITS, type ServerConfig } from "../config";
import { openDatabase, type Database, type DatabaseConfig } from "../db/client";
import { DEMO_ACCOUNTS } from "../seed";
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from "./template-env";

export const DEMO_PASSWORD = "demo-test-pw";
export const DEMO_USERNAMES = ["admin", "reseller", "manager", "user", "depthead"] as const;
export type DemoName = (typeof DEMO_USERNAMES)[number] | (typeof DEMO_ACCOUNTS)[number]["username"];

/** Limits high enough that the suites' own logins never trip them; rate-limit tests pass their own. */
const RELAXED = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((k) => [k, { max: 10_000, windowMs: 60_000 }]),
) as ServerConfig["rateLimits"];

/** A template database stays "in use" for a moment after its last session ends (55006): try again briefly. */
async function createDatabase(admin: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(statement);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== "55006" || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

let pgliteTemplate: Blob | undefined;
/** The migrated data directory of global-setup.ts, read once per worker (absent outside vitest: initdb then). */
export function migratedPglite(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (file && !pgliteTemplate) pgliteTemplate = new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh database per test file: in-memory PGlite by default; with DATABASE_URL (the PostgreSQL run) a new
 * database on that server, dropped afterwards, so files never see each other's rows. Both start as a copy of
 * the database global-setup.ts migrated, when there is one.
 */
export async function freshDatabase(
  options: Pick<DatabaseConfig, "queryLog"> = {},
): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ dataDir: "memory://", template: migratedPglite(), ...options });
  const name = `t_${randomBytes(6).toString("hex")}`;
  const template = process.env[PG_TEMPLATE_ENV];
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await createDatabase(admin, `create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: "", ...options });
  return {
    ...database,
    url: target.toString(),
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  database: Database & { url?: string };
  token(name: DemoName): Promise<string>;
  /** A new session of its own (not the shared one), for tests that end it. */
  freshToken(name: DemoName): Promise<string>;
  id(name: DemoName): Promise<string>;
  call(options: InjectOptions & { as?: DemoName; token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export type ServerOverrides = Omit<NonNullable<BuildOptions["config"]>, "rateLimits"> & {
  rateLimits?: Partial<ServerConfig["rateLimits"]>;
};

/** Uploaded files of a test server go to a temporary folder, never into the repository's ./data. */
let uploadsDir: string | undefined;
const testDataDir = () => (uploadsDir ??= mkdtempSync(join(tmpdir(), "mc-test-data-")));

/**
 * Test servers reach the SMS providers' stand-ins on 127.0.0.1 (CARRIER_ALLOW_PRIVATE); the guard's tests turn it off.
 */
const testConfig = (overrides: ServerOverrides): BuildOptions["config"] => ({
  dataDir: testDataDir(),
  demoPassword: DEMO_PASSWORD,
  webRoot: "./.no-web-root",
  jwtSecret: "test-secret",
  carrierAllowPrivate: true,
  ...overrides,
  rateLimits: { ...RELAXED, ...overrides.rateLimits },
});

/**
 * A second server process's view of the same database: on PostgreSQL its own connection pool (so only
 * LISTEN/NOTIFY connects the two), on PGlite the same in-process instance. Close it before the server.
 */
export async function startPeer(
  server: Pick<TestServer, "database">,
  overrides: ServerOverrides = {},
): Promise<FastifyInstance> {
  const url = server.database.url;
  const database = url ? await openDatabase({ databaseUrl: url, dataDir: "" }) : server.database;
  const app = await buildApp({ database, logger: false, config: testConfig(overrides) });
  if (url) app.addHook("onClose", async () => database.close());
  return app;
}

/** A demo account's session on an app: `login` is cached per name, `newSession` always signs in again. */
export function demoSessions(app: FastifyInstance) {
  const sessions = new Map<string, { token: string; id: string }>();
  const newSession = async (name: DemoName) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: name, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${name} failed: ${res.body}`);
    const data = res.json().data as { token: string; _id: string };
    return { token: data.token, id: data._id };
  };
  const login = async (name: DemoName) => {
    const cached = sessions.get(name) ?? (await newSession(name));
    sessions.set(name, cached);
    return cached;
  };
  return { login, newSession };
}

/** `dispatch`: the dispatcher's settings (e.g. a long idle, so campaigns a test writes as running stay unsent). */
export async function startServer(
  overrides: ServerOverrides = {},
  { dispatch }: Pick<BuildOptions, "dispatch"> = {},
): Promise<TestServer> {
  const database = await freshDatabase();
  const app = await buildApp({ database, logger: false, config: testConfig(overrides), dispatch });
  const { login, newSession } = demoSessions(app);
  return {
    app,
    database,
    token: async (name) => (await login(name)).token,
    freshToken: async (name) => (await newSession(name)).token,
    id: async (name) => (await login(name)).id,
    call: async ({ as, token, headers, ...options }) => {
      const bearer = token ?? (as ? (await login(as)).token : undefined);
      return app.inject({
        ...options,
        headers: { ...headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      });
    },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
