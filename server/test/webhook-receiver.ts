// A real HTTP receiver for the webhook tests: it records what arrives and answers with the status the test picks.
// The signature is checked the way docs/webhooks-and-api.md's snippet tells receivers to check it.
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** The status of the n-th request (0-based); default 200. */
  respond(status: (n: number) => number): void;
  /** Answers after this many ms (a slow receiver). */
  delay(ms: number): void;
  close(): Promise<void>;
}

export async function startReceiver(host = "127.0.0.1"): Promise<Receiver> {
  const received: Received[] = [];
  let statusOf: (n: number) => number = () => 200;
  let delayMs = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const n = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const answer = () => {
        res.writeHead(statusOf(n), { "content-type": "text/plain" });
        res.end(statusOf(n) < 300 ? "ok" : "not now");
      };
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}/hooks`,
    port,
    received,
    respond: (fn) => {
      statusOf = fn;
    },
    delay: (ms) => {
      delayMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * docs/webhooks-and-api.md's verification: HMAC-SHA256 of `${timestamp}.${body}` with the secret, compared with each
 * `v1=` value.
 */
export function verifySignature(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  toleranceS = 300,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = String(headers["x-webhook-timestamp"] ?? "");
  const signatures = String(headers["x-webhook-signature"] ?? "").split(" ");
  if (!/^\d+$/.test(timestamp) || Math.abs(nowS - Number(timestamp)) > toleranceS) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex"));
  return signatures.some((s) => {
    const given = Buffer.from(s.replace(/^v1=/, ""));
    return s.startsWith("v1=") && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
