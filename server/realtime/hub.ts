import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { Server } from "socket.io";
import type { Caller } from "../auth/caller";
import { authenticate, type AuthDeps } from "../auth/guard";
import { verifyToken } from "../auth/tokens";
import type { ServerConfig } from "../config";
import { REALTIME_RECONNECT_DELAY_MS, SERVER_SHUTDOWN_EVENT, type ServerShutdownHint } from "../../contract/constants";
import { MSG } from "../../contract/messages";
import { HttpError } from "../http/errors";
import { announce, postgresAdapter } from "./postgres-adapter";
import { closeAtExpiry, endedBy, endedLog, type HubSocket } from "./session-ends";

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
export function originAllowed(
  req: Pick<IncomingMessage, "headers">,
  config: Pick<ServerConfig, "corsOrigin" | "publicUrl">,
): boolean {
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

export interface RealtimeConfig extends Pick<ServerConfig, "corsOrigin" | "publicUrl"> {
  /** Set on PostgreSQL: events then reach the sockets of every server process on that database. */
  databaseUrl?: string;
}

/**
 * socket.io on the same HTTP server, websocket only (SPEC 7: EIO=4, transport=websocket; a long-polling request
 * answers 400 "Transport unknown"). The handshake carries the same bearer token as HTTP: `auth.token` from
 * socket.io-client or `?token=` (SPEC 7's query form), and is checked the same way. A socket whose session is
 * revoked (logout, suspension, password reset, the impersonating admin's session ending) is disconnected.
 */
export async function attachRealtime(app: FastifyInstance, deps: AuthDeps, config: RealtimeConfig): Promise<void> {
  const cluster = config.databaseUrl
    ? await postgresAdapter(config.databaseUrl, (error) => app.log.warn(`realtime adapter: ${error.message}`))
    : null;
  const io = new Server(app.server, {
    transports: ["websocket"],
    cors: config.corsOrigin ? { origin: config.corsOrigin.split(",") } : undefined,
    allowRequest: (req, callback) => {
      const allowed = originAllowed(req, config);
      callback(allowed ? null : "Origin not allowed", allowed);
    },
    ...(cluster ? { adapter: cluster.adapter } : {}),
  });
  const ended = endedLog();
  io.use((socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
    const fromQuery = socket.handshake.query.token;
    const token = typeof fromAuth === "string" ? fromAuth : typeof fromQuery === "string" ? fromQuery : null;
    const since = ended.now();
    authenticate(deps, token)
      .then(async (caller: Caller) => {
        // Verified a moment ago by authenticate, so this is its cache: the expiry the token carries.
        const claims = token ? await verifyToken(token, deps.secret()) : null;
        if (!claims || ended.endedSince(since, caller)) throw new HttpError(401, MSG.invalidToken);
        socket.data.caller = caller;
        socket.data.since = since;
        void socket.join(userRoom(caller.id));
        closeAtExpiry(socket, claims.exp * 1000);
        next();
      })
      .catch((error: unknown) => next(new Error(error instanceof HttpError ? error.message : "Unauthorized")));
  });
  // Between the middleware and this event the socket is not yet in `sockets`: an end heard then is caught here.
  io.on("connection", (socket: HubSocket) => {
    const { caller, since } = socket.data;
    if (caller && since !== undefined && ended.endedSince(since, caller)) socket.disconnect(true);
  });
  const unsubscribe = deps.sessions.subscribe((event) => {
    ended.add(event);
    for (const socket of io.of("/").sockets.values()) {
      const caller = (socket as HubSocket).data.caller;
      if (caller && endedBy(event, caller)) socket.disconnect(true);
    }
  });
  app.decorate("io", io);
  if (cluster) await announce(io, cluster, (message) => app.log.warn(message));
  // Fastify closes the HTTP server before its onClose hooks, and that waits for every open connection, upgraded
  // websockets included: they go first, or a shutdown would wait for each browser tab to leave. Each socket of this
  // process is told why (SERVER_SHUTDOWN_EVENT) and then its connection is closed, not disconnected: a client
  // disconnected by the server ("io server disconnect") does not reconnect, one whose transport closed does, through
  // the load balancer to a process that stays.
  app.addHook("preClose", async () => {
    const hint: ServerShutdownHint = { reconnect: true, reconnectAfterMs: REALTIME_RECONNECT_DELAY_MS };
    for (const socket of io.of("/").sockets.values()) socket.emit(SERVER_SHUTDOWN_EVENT, hint);
    // The hints are written before the transports close (engine.io flushes each socket's buffer first).
    await new Promise((resolve) => setImmediate(resolve));
    io.engine.close();
  });
  app.addHook("onClose", async () => {
    unsubscribe();
    // Closes the adapter too (it releases its LISTEN connection), then its pools can end.
    await io.close();
    await cluster?.close();
  });
}
