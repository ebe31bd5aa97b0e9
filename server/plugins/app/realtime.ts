import fp from "fastify-plugin";
import type { ServerConfig } from "../../config";
import { attachRealtime } from "../../realtime";

export type RealtimeOptions = Pick<ServerConfig, "corsOrigin" | "publicUrl">;

/** `app.io`: the socket.io hub on the same HTTP server, authenticated like HTTP calls. */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, config) => {
    // PGlite is one process: its sockets are all there is, so no adapter.
    await attachRealtime(app, app.authDeps, { ...config, databaseUrl: app.database.url });
  },
  { name: "realtime", dependencies: ["database", "auth"] },
);
