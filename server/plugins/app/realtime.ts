import fp from "fastify-plugin";
import type { ServerConfig } from "../../config";
import { attachRealtime } from "../../realtime";

export type RealtimeOptions = Pick<ServerConfig, "corsOrigin" | "publicUrl">;

/** `app.io`: the socket.io hub on the same HTTP server, authenticated like HTTP calls. */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, config) => {
    attachRealtime(app, app.authDeps, config);
  },
  { name: "realtime", dependencies: ["auth"] },
);
