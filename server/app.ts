import { randomBytes } from "node:crypto";
import cors from "@fastify/cors";
import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { configFromEnv, type ServerConfig } from "./config";
import { openDatabase, type Database } from "./db/client";
import { appSettings } from "./db/schema";
import { installErrorHandlers } from "./http/errors";
import { ApiRequestLog } from "./http/request-log";
import { securityHeaders } from "./plugins/external/security-headers";
import { attachRealtime } from "./realtime";
import { registerCalls } from "./routes";
import type { RouteContext } from "./routes/context";
import { seedDemo } from "./seed";
import { createMailer } from "./services/mailer";
import { RateLimiter } from "./services/rate-limiter";
import { registerWeb } from "./web";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
  }
}

export interface BuildOptions {
  config?: Partial<ServerConfig>;
  /** Tests pass an open database to share one PGlite instance per file. */
  database?: Database;
  logger?: boolean;
}

/** A signing secret that survives restarts: JWT_SECRET when set, else generated once and kept in the database. */
async function loadSecret(database: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  const { db } = database;
  await db.insert(appSettings).values({ key: "jwt_secret", value: randomBytes(48).toString("base64url") }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "jwt_secret"));
  return row.value;
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...configFromEnv(), ...options.config };
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    logController: new ApiRequestLog(),
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
    // additionalProperties:false must reject, not silently strip: a request with unknown fields is a mistake.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
  });
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate("database", database);
  if (!options.database) app.addHook("onClose", async () => database.close());

  let secret = "";
  const ctx: RouteContext = {
    db: database.db,
    config,
    secret: () => secret,
    sendMail: createMailer(database.db, app.log, config.smtpUrl, config.mailFrom),
    limiters: {
      loginPerIp: new RateLimiter(config.rateLimits.loginPerIp),
      loginFailuresPerAccount: new RateLimiter(config.rateLimits.loginFailuresPerAccount),
      resetPerIp: new RateLimiter(config.rateLimits.resetPerIp),
      resetPerAccount: new RateLimiter(config.rateLimits.resetPerAccount),
      signupPerIp: new RateLimiter(config.rateLimits.signupPerIp),
    },
  };

  await app.register(securityHeaders, { publicUrl: config.publicUrl });
  await app.register(cors, {
    origin: config.corsOrigin ? config.corsOrigin.split(",") : false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  });
  installErrorHandlers(app);

  secret = await loadSecret(database, config.jwtSecret);
  if (config.seedDemo) await seedDemo(database.db, config.demoPassword, app.log);

  app.get("/healthz", async () => ({ ok: true, database: database.kind }));
  registerCalls(app, ctx);
  await registerWeb(app, config.webRoot);
  attachRealtime(app, database.db, ctx.secret, config.corsOrigin);
  return app;
}
