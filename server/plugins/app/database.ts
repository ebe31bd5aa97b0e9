import fp from "fastify-plugin";
import type { ServerConfig } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { startPgliteMaintenance } from "../../db/pglite-maintenance";
import { seedOnStart } from "../../seed";

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  config: ServerConfig;
  /** An open database (tests share one per file): used as is and left open on close. */
  database?: Database;
}

/** `app.database`: opened (and migrated) here unless given, closed with the app when it was opened here. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { config, database: given }) => {
    const database =
      given ??
      (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.databasePool }));
    app.decorate("database", database);
    // A database given by a test is the test's to look after; one opened here on PGlite gets autovacuum's work done.
    const maintenance =
      !given && database.kind === "pglite" && config.pgliteMaintenanceMs > 0
        ? startPgliteMaintenance(database.db, { intervalMs: config.pgliteMaintenanceMs, log: app.log })
        : undefined;
    if (!given) {
      app.addHook("onClose", async () => {
        await maintenance?.stop();
        await database.close();
      });
    }
    await seedOnStart(database.db, config, app.log);
  },
  { name: "database" },
);
