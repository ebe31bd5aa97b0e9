import Fastify from "fastify";
import { buildApp } from "./app";
import { configFromEnv, DEFAULT_DEMO_PASSWORD } from "./config";
import { logDestination } from "./observability/log-stream";
import { isNewPgliteDir, prepareDataDir, prepareDataDirInChild, PREPARE_ENV } from "./prepare-data-dir";

const config = configFromEnv();
if (process.env[PREPARE_ENV]) {
  await prepareDataDir(config);
  process.exit(0);
}
const seconds = (t0: number) => `${Math.round((performance.now() - t0) / 1000)} s`;
if (isNewPgliteDir(config)) {
  // A first start is silent for a minute or more while PGlite creates, migrates and seeds the directory: say so.
  const log = Fastify({ logger: { level: config.logLevel, stream: await logDestination() } }).log;
  log.info(`creating the database in ${config.dataDir} (first start: a minute or two)...`);
  const t0 = performance.now();
  await prepareDataDirInChild();
  log.info(`database created, migrated and seeded in ${seconds(t0)}`);
}
const opening = performance.now();
const app = await buildApp({ config });

let closing = false;
/**
 * A graceful stop (SIGTERM from Kubernetes, Docker or an operator; Ctrl-C): /readyz and every new request answer 503 at
 * once, in-flight requests finish, the job loops hand back what they claimed (recipients queued again, rows due now)
 * so another process takes them at once, sockets are told and closed so their clients reconnect elsewhere, and the
 * database closes last. All of it within SHUTDOWN_TIMEOUT_MS; past that the remaining connections are cut and the
 * process exits 1 (what was claimed comes back when its lease ends).
 */
const shutdown = (reason: string) => {
  // Ctrl-C reaches both `npm start`'s script and this process: a second signal must not cut the close short.
  if (closing) return;
  closing = true;
  const started = Date.now();
  app.log.info({ timeoutMs: config.shutdownTimeoutMs }, `${reason}: shutting down`);
  const deadline = setTimeout(() => {
    app.log.error(`shutdown did not finish within ${config.shutdownTimeoutMs} ms: cutting the remaining connections`);
    app.server.closeAllConnections();
    process.exit(1);
  }, config.shutdownTimeoutMs);
  deadline.unref();
  app.close().then(
    () => {
      app.log.info(`shut down in ${Date.now() - started} ms`);
      process.exit(0);
    },
    (err: unknown) => {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    },
  );
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => shutdown(signal));
// Started by scripts/start.mjs with an IPC channel: when that process is gone (even killed with SIGKILL), stop too.
if (process.send) {
  process.on("disconnect", () => shutdown("parent process gone"));
  process.channel?.unref();
}

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
// The demo's password is printed only while it is the documented default; one an operator chose stays out of logs.
const signIn = !config.seedDemo
  ? ""
  : config.demoPassword === DEFAULT_DEMO_PASSWORD
    ? ` — log in as admin / ${DEFAULT_DEMO_PASSWORD}`
    : " — log in as admin with DEMO_PASSWORD";
app.log.info(`ready in ${seconds(opening)}: ${url} (database: ${app.database.kind})${signIn}`);
