// A small load balancer for the cluster tests and the scale bench (node:http + http-proxy): requests go round robin
// to the backends whose /readyz answers 200 (checked every HEALTH_MS, and a backend that refuses a connection is out at
// once); socket.io is sticky: the answer to a /socket.io/ request sets a cookie naming its backend, and a request or
// WebSocket upgrade carrying it goes back there while that backend is ready (what long-polling needs; a WebSocket is
// one connection anyway). Each answer says which backend served it (X-Backend), and the balancer keeps which backend
// each open WebSocket went to, so a test knows where every agent is connected.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import httpProxy from "http-proxy";

const HEALTH_MS = 250;
const COOKIE = "mc-backend";

export interface Backend {
  port: number;
  ready: boolean;
}

export interface Balancer {
  port: number;
  backends: Backend[];
  /** Open WebSockets: the request URL (its token) and the backend index. */
  sockets: Map<Socket, { url: string; backend: number }>;
  /** Requests served per backend index. */
  served: number[];
  close(): Promise<void>;
}

const cookieBackend = (req: IncomingMessage): number | undefined => {
  const match = new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d+)`).exec(req.headers.cookie ?? "");
  return match ? Number(match[1]) : undefined;
};

export async function startBalancer(ports: number[]): Promise<Balancer> {
  const backends: Backend[] = ports.map((port) => ({ port, ready: false }));
  const served = ports.map(() => 0);
  const sockets = new Map<Socket, { url: string; backend: number }>();
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: true });
  let next = 0;

  const pick = (req: IncomingMessage): number | undefined => {
    const sticky = req.url?.startsWith("/socket.io/") ? cookieBackend(req) : undefined;
    if (sticky !== undefined && backends[sticky]?.ready) return sticky;
    for (let i = 0; i < backends.length; i++) {
      const candidate = (next + i) % backends.length;
      if (backends[candidate].ready) {
        next = candidate + 1;
        return candidate;
      }
    }
    return undefined;
  };

  proxy.on("proxyRes", (res, req) => {
    const index = (req as IncomingMessage & { backend?: number }).backend ?? -1;
    res.headers["x-backend"] = String(index);
    if (req.url?.startsWith("/socket.io/"))
      res.headers["set-cookie"] = [
        ...(res.headers["set-cookie"] ?? []),
        `${COOKIE}=${index}; Path=/socket.io/; HttpOnly`,
      ];
  });

  const server: Server = createServer((req, res) => {
    const index = pick(req);
    if (index === undefined) {
      res
        .writeHead(503, { "content-type": "application/json", "retry-after": "1" })
        .end('{"success":false,"message":"No backend is ready"}');
      return;
    }
    served[index]++;
    (req as IncomingMessage & { backend?: number }).backend = index;
    proxy.web(req, res, { target: `http://127.0.0.1:${backends[index].port}` }, (err) => {
      // Refused or cut: out of rotation until its /readyz answers again.
      if ((err as NodeJS.ErrnoException).code === "ECONNREFUSED") backends[index].ready = false;
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end('{"success":false,"message":"Bad gateway"}');
    });
  });
  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const index = pick(req);
    if (index === undefined) {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\n");
      return;
    }
    served[index]++;
    sockets.set(socket, { url: req.url ?? "", backend: index });
    socket.once("close", () => sockets.delete(socket));
    proxy.ws(req, socket, head, { target: `ws://127.0.0.1:${backends[index].port}` }, () => socket.destroy());
  });

  const timer = setInterval(() => {
    for (const backend of backends) {
      fetch(`http://127.0.0.1:${backend.port}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
        async (res) => {
          backend.ready = res.ok;
          await res.arrayBuffer();
        },
        () => (backend.ready = false),
      );
    }
  }, HEALTH_MS);
  timer.unref();

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as { port: number };
  return {
    port,
    backends,
    sockets,
    served,
    close: async () => {
      clearInterval(timer);
      for (const socket of sockets.keys()) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      proxy.close();
    },
  };
}
