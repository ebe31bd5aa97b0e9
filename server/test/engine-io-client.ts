// A bare Engine.IO 4 client over the `ws` package, for the handshake tests: what any websocket client speaking
// SPEC 7's URL (`/socket.io/?EIO=4&transport=websocket&token=…`) sees, without socket.io-client's help.
import WebSocket from "ws";

export interface RawSocket {
  ws: WebSocket;
  /** The next text frame (Engine.IO packet), or an error after `ms`. */
  next(ms?: number): Promise<string>;
  send(packet: string): void;
  close(): void;
}

export interface RefusedUpgrade {
  refused: number;
  body: string;
}

/**
 * Opens `ws://base/socket.io/?EIO=4&transport=websocket` plus `query`; resolves once open, or with the HTTP status of a
 * refused upgrade.
 */
export function rawOpen(
  base: string,
  query: Record<string, string> = {},
  origin?: string,
): Promise<RawSocket | RefusedUpgrade> {
  const params = new URLSearchParams({ EIO: "4", transport: "websocket", ...query });
  const ws = new WebSocket(`${base.replace(/^http/, "ws")}/socket.io/?${params}`, origin ? { origin } : {});
  const frames: string[] = [];
  const waiting: ((frame: string) => void)[] = [];
  ws.on("message", (data: WebSocket.RawData) => {
    const frame = data.toString();
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const socket: RawSocket = {
    ws,
    next: (ms = 3000) => {
      const frame = frames.shift();
      if (frame !== undefined) return Promise.resolve(frame);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(deliver), 1);
          reject(new Error(`no Engine.IO packet within ${ms} ms`));
        }, ms);
        const deliver = (f: string) => {
          clearTimeout(timer);
          resolve(f);
        };
        waiting.push(deliver);
      });
    },
    send: (packet) => ws.send(packet),
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(socket));
    ws.once("unexpected-response", (_req, res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ refused: res.statusCode ?? 0, body }));
      res.on("error", () => resolve({ refused: res.statusCode ?? 0, body }));
    });
    ws.once("error", reject);
  });
}

/** Engine.IO open packet `0{…}` → its JSON. */
export function openPacket(frame: string): {
  sid: string;
  upgrades: string[];
  pingInterval: number;
  pingTimeout: number;
  maxPayload: number;
} {
  if (!frame.startsWith("0{")) throw new Error(`not an Engine.IO open packet: ${frame}`);
  return JSON.parse(frame.slice(1)) as ReturnType<typeof openPacket>;
}

/**
 * Opens, reads the open packet, sends the socket.io CONNECT (`40` with an optional auth object) and returns the answer.
 */
export async function connectRaw(
  base: string,
  query: Record<string, string>,
  auth?: Record<string, string>,
  origin?: string,
): Promise<{ socket: RawSocket; answer: string }> {
  const opened = await rawOpen(base, query, origin);
  if ("refused" in opened) throw new Error(`upgrade refused with ${opened.refused}`);
  openPacket(await opened.next());
  opened.send(auth ? `40${JSON.stringify(auth)}` : "40");
  return { socket: opened, answer: await opened.next() };
}

/** Resolves with the close code once the server closes the connection. */
export function closedBy(socket: RawSocket): Promise<number> {
  if (socket.ws.readyState === socket.ws.CLOSED) return Promise.resolve(-1);
  return new Promise((resolve) => socket.ws.once("close", (code: number) => resolve(code)));
}
