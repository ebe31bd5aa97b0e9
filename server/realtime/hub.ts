import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import type { Caller } from "../auth/caller";
import { authenticate, type AuthDeps } from "../auth/guard";
import { verifyToken } from "../auth/tokens";
import type { ServerConfig } from "../config";
import { MSG } from "../../contract/messages";
import { HttpError } from "../http/errors";
import type { SessionEvent } from "../services/sessions";
import { postgresAdapter, type ClusterAdapter } from "./postgres-adapter";

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

/** setTimeout's longest delay; a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A socket outlives no session: when its token expires (the session's end, SESSION_TTL_S) it is disconnected, as
 * the next HTTP call would be refused; the console then signs in again and reconnects with the new token.
 */
function closeAtExpiry(socket: Socket, expiresAtMs: number): void {
  let timer: NodeJS.Timeout;
  const arm = () => {
    const left = expiresAtMs - Date.now();
    if (left <= 0) {
      socket.disconnect(true);
      return;
    }
    timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  socket.once("disconnect", () => clearTimeout(timer));
}

const LISTEN_WAIT_MS = 10_000;

/**
 * Waits (bounded) until this process hears the others, then says hello again: the adapter's first hello went out
 * before it listened, so the other processes' answers, which tell it how many there are (fetchSockets and
 * serverSideEmit wait for each), may have been missed.
 */
async function announce(io: Server, cluster: ClusterAdapter, app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), LISTEN_WAIT_MS)));
  const heard = await Promise.race([cluster.listening.then(() => true), late]);
  clearTimeout(timer);
  if (!heard) {
    app.log.warn(`realtime adapter: not listening after ${LISTEN_WAIT_MS} ms; events of other processes arrive once it does`);
    return;
  }
  await io.of("/").adapter.init();
}

function endedBy(event: SessionEvent, caller: Caller): boolean {
  if (event.kind === "sessions") return event.ids.includes(caller.sessionId);
  return event.revoked && (caller.id === event.userId || caller.impersonatedBy === event.userId);
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
  const cluster = config.databaseUrl ? postgresAdapter(config.databaseUrl, (error) => app.log.warn(`realtime adapter: ${error.message}`)) : null;
  const io = new Server(app.server, {
    transports: ["websocket"],
    cors: config.corsOrigin ? { origin: config.corsOrigin.split(",") } : undefined,
    allowRequest: (req, callback) => {
      const allowed = originAllowed(req, config);
      callback(allowed ? null : "Origin not allowed", allowed);
    },
    ...(cluster ? { adapter: cluster.adapter } : {}),
  });
  io.use((socket, next) => {
    const fromAuth = (socket.handshake.auth as { token?: unknown }).token;
    const fromQuery = socket.handshake.query.token;
    const token = typeof fromAuth === "string" ? fromAuth : typeof fromQuery === "string" ? fromQuery : null;
    authenticate(deps, token)
      .then(async (caller: Caller) => {
        // Verified a moment ago by authenticate, so this is its cache: the expiry the token carries.
        const claims = token ? await verifyToken(token, deps.secret()) : null;
        if (!claims) throw new HttpError(401, MSG.invalidToken);
        socket.data.caller = caller;
        void socket.join(userRoom(caller.id));
        closeAtExpiry(socket, claims.exp * 1000);
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
  if (cluster) await announce(io, cluster, app);
  // Fastify closes the HTTP server before its onClose hooks, and that waits for every open connection, upgraded
  // websockets included: they go first, or a shutdown would wait for each browser tab to leave. Only this
  // process's sockets (`local`): with the adapter, a plain disconnectSockets would reach every process.
  app.addHook("preClose", async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook("onClose", async () => {
    unsubscribe();
    // Closes the adapter too (it releases its LISTEN connection), then its pools can end.
    await io.close();
    await cluster?.close();
  });
}
