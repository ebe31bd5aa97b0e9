import { buildApp } from "./app";
import { configFromEnv } from "./config";

const config = configFromEnv();
const app = await buildApp({ config });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`console and API on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port} (database: ${app.database.kind})`);
