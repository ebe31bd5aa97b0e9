import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import fp from "fastify-plugin";
import type { AuthDeps } from "../../auth/guard";
import type { Database } from "../../db/client";
import { appSettings } from "../../db/schema";
import { SessionStore } from "../../services/accounts/sessions";

declare module "fastify" {
  interface FastifyInstance {
    sessions: SessionStore;
    /** What the guard needs to turn a token into a caller: HTTP routes and the socket handshake share it. */
    authDeps: AuthDeps;
  }
}

export interface AuthPluginOptions {
  /** JWT_SECRET; unset, one is generated once and kept in the database. */
  jwtSecret?: string;
}

/** A signing secret that survives restarts: JWT_SECRET when set, else generated once and kept in the database. */
async function loadSecret(database: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  const { db } = database;
  await db
    .insert(appSettings)
    .values({ key: "jwt_secret", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "jwt_secret"));
  return row.value;
}

/** `app.sessions` (the session store, listening for revocations from other processes) and `app.authDeps`. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app, { jwtSecret }) => {
    const sessions = new SessionStore(app.database);
    await sessions.start();
    app.decorate("sessions", sessions);
    // preClose: the listener must stop before the database closes.
    app.addHook("preClose", async () => sessions.stop());
    const secret = await loadSecret(app.database, jwtSecret);
    app.decorate("authDeps", { secret: () => secret, sessions });
  },
  { name: "auth", dependencies: ["database"] },
);
