import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import type { Caller } from "../auth/caller";
import { authenticate, type AuthDeps } from "../auth/guard";
import type { ServerConfig } from "../config";
import { HttpError } from "../http/errors";
import type { SessionEvent } from "../services/sessions";

declare module "fastify" {
  interface FastifyInstance {
    io: Server;
  }
}

/** The room a user's events go to; later issues emit campaign progress and chat messages into it. */
export const userRoom = (userId: string) => `user:${userId}`;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a handshake's Origin may open a socket: the server's own origin (the Host it was reached at, or
 * PUBLIC_URL) or a CORS_ORIGIN entry. A request without Origin is not a browser's cross-site request, so it passes.
 */
export function originAllowed(req: Pick<IncomingMessage, "headers">, config: Pick<ServerConfig, "corsOrigin" | "publicUrl">): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  const parsed = originOf(origin);
  if (!parsed) return false;
  if (req.headers.host && new URL(parsed).host === req.headers.host.toLowerCase()) return true;
  const allowed = [config.publicUrl, ...(config.corsOrigin?.split(",") ?? [])]
    .map((entry) => (entry ? originOf(entry.trim()) : null))
    .filter((entry): entry is string => entry !== null);
  return allowed.includes(parsed);
}

function endedBy(event: SessionEvent, caller: Caller): boolean {
  if (event.kind === "sessions") return event.ids.includes(caller.sessionId);
  return event.revoked && (caller.id === event.userId || caller.impersonatedBy === event.userId);
}

/**
 * socket.io on the same HTTP server. The handshake carries the same bearer token as HTTP: `auth.token` from
 * socket.io-client or `?token=` (SPEC 7's query form), and is checked the same way. A socket whose session is
 * revoked (logout, suspension, password reset, the impersonating admin's session ending) is disconnected.
 */
export function attachRealtime(app: FastifyInstance, deps: AuthDeps, config: Pick<ServerConfig, "corsOrigin" | "publicUrl">): void {
  const io = new Server(app.server, {
    cors: config.corsOrigin ? { origin: config.corsOrigin.split(",") } : undefined,
    allowRequest: (req, callback) => callback(originAllowed(req, config) ? null : "Origin not allowed", originAllowed(req, config)),
  });
  io.use((socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
    const fromQuery = socket.handshake.query.token;
    const token = typeof fromAuth === "string" ? fromAuth : typeof fromQuery === "string" ? fromQuery : null;
    authenticate(deps, token)
      .then((caller: Caller) => {
        socket.data.caller = caller;
        void socket.join(userRoom(caller.id));
        next();
      })
      .catch((error: unknown) => next(new Error(error instanceof HttpError ? error.message : "Unauthorized")));
  });
  const unsubscribe = deps.sessions.subscribe((event) => {
    for (const socket of io.of("/").sockets.values()) {
      const caller = (socket as Socket<never, never, never, { caller?: Caller }>).data.caller;
      if (caller && endedBy(event, caller)) socket.disconnect(true);
    }
  });
  app.decorate("io", io);
  app.addHook("onClose", async () => {
    unsubscribe();
    await io.close();
  });
}
