// One HTTP attempt of a delivery: POST the body, wait at most `timeoutMs` for the whole answer, keep its status and
// the start of its body (only when a public address answered). Connections are kept alive per process (a receiver
// taking many events reuses them) and go only to addresses the SSRF guard allows, checked when each connection is made.
import http from "node:http";
import https from "node:https";
import { guardedLookup, SsrfError } from "../../http/ssrf";
import { bodyMayBeShown, checkUrlShape, PRIVATE_BODY_HIDDEN, WEBHOOK_RULE, type UrlPolicy } from "./address-guard";

/** The start of an answer's body kept for the log. */
const RESPONSE_KEEP_BYTES = 1024;

export interface AttemptResult {
  /** A 2xx answer. */
  ok: boolean;
  status: number | null;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
  /** No answer at all (refused address, DNS, connection, timeout): the endpoint itself is in trouble. */
  unreachable: boolean;
}

export interface Poster {
  post(url: string, headers: Record<string, string>, body: string, stop?: AbortSignal): Promise<AttemptResult>;
  close(): void;
}

export interface PosterOptions extends UrlPolicy {
  timeoutMs: number;
  /** Connections per receiver: as many as attempts in flight, so no attempt waits for a socket (its deadline runs). */
  concurrency: number;
}

/** PostgreSQL text cannot hold NUL; an answer's bytes are the receiver's, so they are cleaned before they are kept. */
const printable = (text: string) => text.replaceAll("\u0000", "");

function describe(err: NodeJS.ErrnoException, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No complete answer within ${timeoutMs / 1000} s`;
  if (err instanceof SsrfError) return err.message;
  if (err.name === "AbortError") return "Stopped: the server was shutting down (it is sent again)";
  if (err.code === "ENOTFOUND" || err.code === "EAI_AGAIN") return `The host name does not resolve (${err.code})`;
  if (err.code === "ECONNREFUSED") return "Connection refused (ECONNREFUSED)";
  if (err.code === "ECONNRESET") return "The connection was reset (ECONNRESET)";
  return err.code ? `${err.message} (${err.code})` : err.message;
}

export function createPoster(options: PosterOptions): Poster {
  const lookup = guardedLookup(options.allowPrivate, WEBHOOK_RULE);
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: options.concurrency }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: options.concurrency }),
  };

  function post(
    raw: string,
    headers: Record<string, string>,
    body: string,
    stop?: AbortSignal,
  ): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const shape = checkUrlShape(raw, options);
    if ("error" in shape)
      return Promise.resolve({
        ok: false,
        status: null,
        error: shape.error,
        responseBody: null,
        durationMs: 0,
        unreachable: true,
      });
    const { url } = shape;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = stop ? AbortSignal.any([timeout, stop]) : timeout;
    const request = url.protocol === "https:" ? https.request : http.request;
    return new Promise((resolve) => {
      const fail = (err: NodeJS.ErrnoException) =>
        resolve({
          ok: false,
          status: null,
          error: describe(err, timeout.aborted, options.timeoutMs),
          responseBody: null,
          durationMs: elapsed(),
          unreachable: true,
        });
      const req = request(
        url,
        {
          method: "POST",
          agent: agents[url.protocol as "http:" | "https:"],
          lookup,
          signal,
          headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          // The address actually connected to (the lookup allowed it; a private one only by the operator's choice).
          const shown = bodyMayBeShown(res.socket.remoteAddress);
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on("data", (chunk: Buffer) => {
            if (!shown || kept >= RESPONSE_KEEP_BYTES) return;
            chunks.push(chunk);
            kept += chunk.length;
          });
          res.on("error", fail);
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            const ok = status >= 200 && status < 300;
            const text = shown
              ? printable(Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString("utf8")) || null
              : PRIVATE_BODY_HIDDEN;
            resolve({
              ok,
              status,
              error: ok ? null : `HTTP ${status}`,
              responseBody: text,
              durationMs: elapsed(),
              unreachable: false,
            });
          });
        },
      );
      req.on("error", fail);
      req.end(body);
    });
  }

  return {
    post,
    close: () => {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}
