import fp from "fastify-plugin";
import type { ServerConfig } from "../../config";
import { attachRealtime } from "../../realtime";
import { attachChatSocket } from "../../realtime/chat-socket";
import { attachPresence } from "../../realtime/presence-socket";
import { startChatEvents } from "../../services/chats/carrier-listener";
import { startTemplateEvents } from "../../services/whatsapp-templates/carrier-listener";

export type RealtimeOptions = Pick<ServerConfig, "corsOrigin" | "publicUrl">;

/** `app.io`: the socket.io hub on the same HTTP server, authenticated like HTTP calls; the chat inbox rides on it. */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app, config) => {
    // PGlite is one process: its sockets are all there is, so no adapter.
    await attachRealtime(app, app.authDeps, { ...config, databaseUrl: app.database.url });
    attachChatSocket(app);
    attachPresence(app);
    // Customers' messages and chat receipts from the carrier become inbox messages and ticks, pushed at once.
    const stopChatEvents = startChatEvents(app);
    // Template verdicts that providers push (webhooks) reach the owner at once; the review job's polling stays the net.
    const stopTemplateEvents = startTemplateEvents(app);
    app.addHook("onClose", async () => {
      stopChatEvents();
      stopTemplateEvents();
    });
  },
  { name: "realtime", dependencies: ["database", "auth", "carrier"] },
);
