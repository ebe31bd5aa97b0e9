import Fastify, { type FastifyInstance } from "fastify";
import { configFromEnv, type ServerConfig } from "./config";
import type { Database } from "./db/client";
import { frameworkErrors } from "./http/errors";
import { lazySerializers } from "./http/lazy-compile";
import { ApiRequestLog } from "./http/request-log";
import type { Carrier } from "./carriers";
import { authPlugin } from "./plugins/app/auth";
import { ensureErasePepper } from "./services/contacts/erased";
import { carrierPlugin } from "./plugins/app/carrier";
import { databasePlugin } from "./plugins/app/database";
import { healthPlugin } from "./plugins/app/health";
import { httpRules } from "./plugins/app/http";
import type { DispatchOverrides } from "./services/campaigns/dispatch-settings";
import { jobsPlugin } from "./plugins/app/jobs";
import { publicApiPlugin } from "./plugins/app/public-api";
import { observabilityPlugin } from "./plugins/app/observability";
import { requestIdMixin, requestIdOf } from "./observability/context";
import { logDestination } from "./observability/log-stream";
import { realtimePlugin } from "./plugins/app/realtime";
import { routeContextPlugin } from "./plugins/app/route-context";
import { webhooksPlugin } from "./plugins/app/webhooks";
import { corsPolicy } from "./plugins/external/cors";
import { rateLimits } from "./plugins/external/rate-limit";
import { securityHeaders } from "./plugins/external/security-headers";
import { apiDocs } from "./plugins/external/swagger";
import { calls } from "./routes";
import { carrierWebhooks } from "./routes/carrier-channels/webhooks";
import { bindSmppChannels } from "./services/carrier-channels/sms";
import type { Handlers } from "./routes/context";
import type { Storage } from "./storage";
import { shortLinks } from "./routes/links";
import { web } from "./web";

export interface BuildOptions {
  config?: Partial<ServerConfig>;
  /** Tests pass an open database to share one PGlite instance per file. */
  database?: Database;
  logger?: boolean;
  /** Tests replace handlers to check what the serializer lets out. */
  handlers?: Handlers;
  /** The default carrier (the router's fallback): tests pass a sandbox with their own seed and delays. */
  carrier?: Carrier;
  storage?: Storage;
  /** Tests set the dispatcher's batch, lease and rates (DISPATCH_* variables otherwise). */
  dispatch?: DispatchOverrides;
}

/** A hop count as Fastify's trust function (its types take no number): trust the first `hops` proxies. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...configFromEnv(), ...options.config };
  const app = Fastify({
    // Every line written inside a request or job carries its id (observability/context.ts).
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, mixin: requestIdMixin, stream: await logDestination() },
    logController: new ApiRequestLog(),
    // The proxy's X-Request-Id when it is sane, so one id follows a request from the load balancer to the carrier.
    genReqId: requestIdOf,
    // Proxy headers are believed only from configured proxies: otherwise any client could pick its own IP.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Creating a fresh PGlite data directory takes seconds, and many more on a busy machine: Fastify's default 10 s
    // per plugin made a slow first start fail with "Plugin did not start in time: 'database'".
    pluginTimeout: 120_000,
    // additionalProperties:false must reject, not silently strip: a request with unknown fields is a mistake.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
    frameworkErrors,
    // Response serializers are built on a route's first response, not at start-up (http/lazy-compile.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  });

  // The database first: the rate-limit store and every app plugin live in it (opened, migrated, seeded).
  await app.register(databasePlugin, { config, database: options.database });
  // External plugins.
  await app.register(rateLimits);
  await app.register(securityHeaders, {
    publicUrl: config.publicUrl,
    facebookSdk: Boolean(config.whatsappCloud.embeddedSignup),
    consoleOrigins: config.consoleOrigins,
  });
  await app.register(corsPolicy, { corsOrigin: config.corsOrigin });
  await app.register(apiDocs, { publicUrl: config.publicUrl });
  // App plugins.
  await app.register(httpRules);
  await app.register(observabilityPlugin, { metrics: config.metrics, host: config.host });
  await app.register(authPlugin, { jwtSecret: config.jwtSecret });
  // Erased numbers' hashes need the installation's pepper before the first request (services/contacts/erased.ts).
  await ensureErasePepper(app.database.db, config.erasePepper);
  await app.register(carrierPlugin, {
    dataDir: config.dataDir,
    s3: config.s3,
    carrier: options.carrier,
    storage: options.storage,
    credentials: config.credentials,
    whatsappCloud: config.whatsappCloud,
    rbm: config.rbm,
    carrierAllowPrivate: config.carrierAllowPrivate,
  });
  await app.register(publicApiPlugin, { umsLogDays: config.umsLogDays, publicApiCommitMs: config.publicApiCommitMs });
  await app.register(routeContextPlugin, { config });
  await app.register(realtimePlugin, { corsOrigin: config.corsOrigin, publicUrl: config.publicUrl });
  await app.register(jobsPlugin, {
    jobIntervalMs: config.jobIntervalMs,
    now: config.now,
    smsWindow: config.smsWindow,
    audience: config.audience,
    reports: config.reports,
    workflows: config.workflows,
    ai: config.ai,
    dispatch: options.dispatch,
  });
  await app.register(webhooksPlugin, { config });
  // Routes (/healthz, /readyz and /metrics are not calls of the table, so the API docs leave them out), then the
  // console.
  await app.register(healthPlugin);
  await app.register(calls, { handlers: options.handlers });
  // Providers' webhooks: outside the call table (the provider signs, no token), in a scope that keeps raw bodies.
  await app.register(carrierWebhooks);
  await app.register(shortLinks);
  await app.register(web, { webRoot: config.webRoot });
  // The last ready hook, after every carrier listener (jobs, real time) has subscribed: SMPP channels bind now, so
  // receipts and replies their SMSC kept arrive without waiting for a first send.
  app.addHook("onReady", async () => bindSmppChannels(app.database.db, app.carrier, app.log));
  return app;
}
