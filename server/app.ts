import { randomBytes } from "node:crypto";
import cors from "@fastify/cors";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { configFromEnv, type ServerConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { appSettings } from "./db/schema";
import { installErrorHandlers } from "./http/errors";
import { installInputGuard } from "./http/input-guard";
import { installValidators } from "./http/validation";
import { registerDocs } from "./plugins/external/swagger";
import { ApiRequestLog } from "./http/request-log";
import { securityHeaders } from "./plugins/external/security-headers";
import { attachRealtime } from "./realtime";
import { registerRateLimit } from "./plugins/external/rate-limit";
import { registerCalls } from "./routes";
import type { Handlers, RouteContext } from "./routes/context";
import { seedDemo } from "./seed";
import { createMailer } from "./services/mailer";
import { SessionStore } from "./services/sessions";
import { registerWeb } from "./web";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    sessions: SessionStore;
  }
}

export interface BuildOptions {
  config?: Partial<ServerConfig>;
  /** Tests pass an open database to share one PGlite instance per file. */
  database?: Database;
  logger?: boolean;
  /** Tests replace handlers to check what the serializer lets out. */
  handlers?: Handlers;
}

/** A signing secret that survives restarts: JWT_SECRET when set, else generated once and kept in the database. */
async function loadSecret(database: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  const { db } = database;
  await db.insert(appSettings).values({ key: "jwt_secret", value: randomBytes(48).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "jwt_secret"));
  return row.value;
}

/** A hop count as Fastify's trust function (its types take no number): trust the first `hops` proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...configFromEnv(), ...options.config };
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    logController: new ApiRequestLog(),
    // Proxy headers are believed only from configured proxies: otherwise any client could pick its own IP.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // additionalProperties:false must reject, not silently strip: a request with unknown fields is a mistake.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
  });
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate("database", database);
  if (!options.database) app.addHook("onClose", async () => database.close());

  await registerRateLimit(app, database);
  const resetPerAccount = app.createRateLimit({
    max: config.rateLimits.resetPerAccount.max,
    timeWindow: config.rateLimits.resetPerAccount.windowMs,
    keyGenerator: (request) => `reset-mail:${String((request.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase()}`,
  });
  const pending = new Set<Promise<unknown>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...pending]);
  });

  let secret = "";
  const sessions = new SessionStore(database);
  await sessions.start();
  app.decorate("sessions", sessions);
  // preClose: the listener must stop before the database closes.
  app.addHook("preClose", async () => sessions.stop());
  const ctx: RouteContext = {
    db: database.db,
    config,
    secret: () => secret,
    sendMail: createMailer(database.db, app.log, config.smtpUrl, config.mailFrom),
    sessions,
    resetMailAllowed: async (request) => {
      const result = await resetPerAccount(request);
      return result.isAllowed || !result.isExceeded;
    },
    background: (task) => {
      // Started on the next turn of the event loop, after the answer has been written: the work (and on PGlite,
      // which shares this thread, its queries) must not delay the answer it is meant to be invisible in.
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => app.log.error({ err }, "background task failed"))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
  };

  await app.register(securityHeaders, { publicUrl: config.publicUrl });
  await app.register(cors, {
    origin: config.corsOrigin ? config.corsOrigin.split(",") : false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  });
  installErrorHandlers(app);
  installInputGuard(app);
  installValidators(app);

  secret = await loadSecret(database, config.jwtSecret);
  if (config.seedDemo) await seedDemo(database.db, config.demoPassword, app.log);

  app.get("/healthz", async () => ({ ok: true, database: database.kind }));
  await registerDocs(app);
  registerCalls(app, ctx, options.handlers);
  await registerWeb(app, config.webRoot);
  attachRealtime(app, ctx, config);
  return app;
}
