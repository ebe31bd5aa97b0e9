// One request to an HTTP SMS provider, through the SSRF guard (server/http/ssrf.ts): the URL is the account's, so an
// address written in it is judged before connecting and a name at connect time (DNS rebinding gets nowhere). Node's
// http rather than fetch: fetch takes no `lookup`, and it follows redirects (a public URL answering 302 to
// 169.254.169.254 would get around the guard); a provider that redirects is answered as it is, a 3xx.
import http from "node:http";
import https from "node:https";
import { guardedLookup, refuseLiteral, SsrfError } from "../../http/ssrf";
import { PROVIDER_RULE } from "../provider-address";

export interface ProviderRequest {
  method: "POST" | "OPTIONS";
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** CARRIER_ALLOW_PRIVATE: the provider may be on a private, loopback or link-local address. */
  allowPrivate: boolean;
}

export interface ProviderAnswer {
  status: number;
  ok: boolean;
  statusText: string;
  header(name: string): string | null;
  /** The body as text, cut at MAX_ANSWER_BYTES. */
  text: string;
}

/** Providers answer with an id or a reason: more than this is not read. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** Rejects with the SsrfError itself when the address is refused, so callers can tell it from a network failure. */
export function providerRequest(rawUrl: string, request: ProviderRequest): Promise<ProviderAnswer> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.reject(new Error(`Not a valid URL: ${rawUrl.slice(0, 200)}`));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new Error("The provider's URL must be http or https"));
  try {
    refuseLiteral(url.hostname, request.allowPrivate, PROVIDER_RULE);
  } catch (error) {
    return Promise.reject(error);
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise<ProviderAnswer>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: guardedLookup(request.allowPrivate, PROVIDER_RULE),
        timeout: request.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size >= MAX_ANSWER_BYTES) return;
          chunks.push(chunk.subarray(0, MAX_ANSWER_BYTES - size));
          size += chunk.length;
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            statusText: res.statusMessage ?? "",
            header: (name) => {
              const value = res.headers[name.toLowerCase()];
              return typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : null;
            },
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    // A whole-request deadline as well: `timeout` alone only notices an idle socket.
    const deadline = setTimeout(
      () => req.destroy(new Error(`No answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${request.timeoutMs} ms`)));
    req.on("error", (error) => {
      const cause = (error as { cause?: unknown }).cause;
      reject(cause instanceof SsrfError ? cause : error);
    });
    req.on("close", () => clearTimeout(deadline));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}
