import fp from "fastify-plugin";
import type { ServerConfig } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { seedDemo } from "../../seed";
import { ensureSandboxSolution } from "../../services/whatsapp/solutions";

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
    const database = given ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.databasePool }));
    app.decorate("database", database);
    if (!given) app.addHook("onClose", async () => database.close());
    if (config.seedDemo) await seedDemo(database.db, config.demoPassword, app.log);
    // Every install offers the sandbox WhatsApp solution, seeded demo or not, old database or new.
    await ensureSandboxSolution(database.db);
  },
  { name: "database" },
);
