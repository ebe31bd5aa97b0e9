// The HTTP step: one request with a time-out and a bounded answer, through the SSRF guard (server/http/ssrf.ts). The
// answer's JSON (or text) becomes `{{steps.<id>.body…}}`. Retries with backoff are the engine's (the step is due again
// later, durably).
import http from "node:http";
import https from "node:https";
import { guardedLookup, PRIVATE_ADDRESS, refuseLiteral, SsrfError } from "../../http/ssrf";

export interface HttpStepInput {
  method: string;
  url: string;
  headers?: { name: string; value?: string }[];
  body?: string;
  timeoutMs: number;
}

export interface HttpStepAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Who may not go to a private address, in the refusal (server/http/ssrf.ts; WORKFLOW_HTTP_ALLOW_PRIVATE allows it). */
const HTTP_STEP_RULE = "the HTTP step may not call it";
export const SSRF_REFUSED = `${PRIVATE_ADDRESS}; ${HTTP_STEP_RULE}`;

/** Answers over this are cut off and refused: a step's output lives in the run's row. */
export const HTTP_MAX_BYTES = 256 * 1024;

/** A failure that trying again cannot fix (a refused address, a bad URL). */
export class PermanentHttpError extends Error {}

export function httpRequest(input: HttpStepInput, allowPrivate: boolean): Promise<HttpStepAnswer> {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.reject(new PermanentHttpError(`Not a valid URL: ${input.url.slice(0, 200)}`));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new PermanentHttpError("Only http and https URLs can be called"));
  try {
    refuseLiteral(url.hostname, allowPrivate, HTTP_STEP_RULE);
  } catch (err) {
    return Promise.reject(new PermanentHttpError((err as Error).message));
  }
  const headers: Record<string, string> = {
    "user-agent": "messaging-console-workflows/1",
    accept: "application/json, text/plain;q=0.9, */*;q=0.1",
  };
  for (const h of input.headers ?? []) if (h.name.trim()) headers[h.name.trim().toLowerCase()] = h.value ?? "";
  const body = input.method === "GET" || input.method === "DELETE" || !input.body?.trim() ? undefined : input.body;
  if (body && !headers["content-type"]) headers["content-type"] = "application/json";
  const client = url.protocol === "https:" ? https : http;

  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: input.method, headers, lookup: guardedLookup(allowPrivate, HTTP_STEP_RULE), timeout: input.timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > HTTP_MAX_BYTES) {
            req.destroy(new PermanentHttpError(`The answer is over ${HTTP_MAX_BYTES / 1024} KB`));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            /* not JSON: the text itself */
          }
          const outHeaders: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") outHeaders[k] = v;
          resolve({ status: res.statusCode ?? 0, body: parsed, headers: outHeaders });
        });
        res.on("error", reject);
      },
    );
    // A whole-request deadline as well: `timeout` alone only notices an idle socket.
    const deadline = setTimeout(
      () => req.destroy(new Error(`No answer within ${input.timeoutMs} ms`)),
      input.timeoutMs,
    );
    req.on("timeout", () => req.destroy(new Error(`No answer within ${input.timeoutMs} ms`)));
    req.on("error", (err) =>
      reject(
        err instanceof SsrfError || (err as { cause?: unknown }).cause instanceof SsrfError
          ? new PermanentHttpError(err.message)
          : err,
      ),
    );
    req.on("close", () => clearTimeout(deadline));
    if (body) req.write(body);
    req.end();
  });
}
