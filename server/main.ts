import { buildApp } from "./app";
import { configFromEnv } from "./config";

const config = configFromEnv();
const app = await buildApp({ config });

let closing = false;
const shutdown = (reason: string) => {
  // Ctrl-C reaches both `npm start`'s script and this process: a second signal must not cut the close short.
  if (closing) return;
  closing = true;
  app.log.info(`${reason}: closing`);
  app.close().then(() => process.exit(0), () => process.exit(1));
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => shutdown(signal));
// Started by scripts/start.mjs with an IPC channel: when that process is gone (even killed with SIGKILL), stop too.
if (process.send) {
  process.on("disconnect", () => shutdown("parent process gone"));
  process.channel?.unref();
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`console and API on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port} (database: ${app.database.kind})`);
