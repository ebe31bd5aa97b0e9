import type { FastifyInstance } from "fastify";
import { Server } from "socket.io";
import type { Caller } from "./auth/caller";
import { authenticate } from "./auth/guard";
import type { Db } from "./db/client";
import { HttpError } from "./http/errors";

declare module "fastify" {
  interface FastifyInstance {
    io: Server;
  }
}

/** The room a user's events go to; later issues emit campaign progress and chat messages into it. */
export const userRoom = (userId: string) => `user:${userId}`;

/**
 * socket.io on the same HTTP server. The handshake carries the same bearer token as HTTP: `auth.token` from
 * socket.io-client or `?token=` (SPEC 7's query form), and is checked the same way.
 */
export function attachRealtime(app: FastifyInstance, db: Db, secret: () => string, corsOrigin?: string): void {
  const io = new Server(app.server, { cors: corsOrigin ? { origin: corsOrigin.split(",") } : undefined });
  io.use((socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
    const fromQuery = socket.handshake.query.token;
    const token = typeof fromAuth === "string" ? fromAuth : typeof fromQuery === "string" ? fromQuery : null;
    authenticate(db, secret(), token)
      .then((caller: Caller) => {
        socket.data.caller = caller;
        void socket.join(userRoom(caller.id));
        next();
      })
      .catch((error: unknown) => next(new Error(error instanceof HttpError ? error.message : "Unauthorized")));
  });
  app.decorate("io", io);
  app.addHook("onClose", async () => {
    await io.close();
  });
}
