// The app a seeding bench times its calls through: a fresh data directory (PGlite there, or DATABASE_URL's PostgreSQL)
// with no statement timeout (seeding millions of rows runs statements of minutes; the timed calls are short), the demo
// accounts signed in with PASSWORD.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp } from "../../server/app";
import { openDatabase, type Database } from "../../server/db/client";

export const PASSWORD = "bench-pw-1";

export async function startSeedApp(
  name: string,
): Promise<{ dataDir: string; database: Database; app: Awaited<ReturnType<typeof buildApp>> }> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir,
    pool: { max: 10, statementTimeoutMs: 0, longStatementTimeoutMs: 0 },
  });
  const app = await buildApp({
    database,
    logger: false,
    config: { dataDir, webRoot: "./.no-web-root", jwtSecret: "bench", demoPassword: PASSWORD },
  });
  await app.ready();
  return { dataDir, database, app };
}
