import { buildApp } from "./app";
import { configFromEnv } from "./config";
import { isNewPgliteDir, prepareDataDir, prepareDataDirInChild, PREPARE_ENV } from "./prepare-data-dir";

const config = configFromEnv();
if (process.env[PREPARE_ENV]) {
  await prepareDataDir(config);
  process.exit(0);
}
if (isNewPgliteDir(config)) await prepareDataDirInChild();
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
app.log.info(
  `console and API on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port} (database: ${app.database.kind})`,
);
