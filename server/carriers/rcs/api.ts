// The RBM REST API over fetch: one function for every call, answering the parsed JSON or throwing RbmError with
// Google's error object ({ error: { code, message, status } }, status being the gRPC name: NOT_FOUND,
// RESOURCE_EXHAUSTED…). A call that gets no answer (network error, timeout) throws a plain Error.
import type { TokenSource } from "./auth";
import type { RbmConfig } from "./config";

export class RbmError extends Error {
  override readonly name = "RbmError";
  constructor(
    readonly status: number,
    /** The gRPC status name Google gives, e.g. RESOURCE_EXHAUSTED; the HTTP status as a string when absent. */
    readonly grpc: string,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface RbmRequest {
  method: "GET" | "POST" | "DELETE";
  /** "/v1/phones/+919…/agentMessages"; "/upload/v1/files" for uploads. */
  path: string;
  query?: Readonly<Record<string, string | undefined>>;
  json?: unknown;
  body?: Uint8Array;
  headers?: Readonly<Record<string, string>>;
}

interface ErrorBody {
  error?: { code?: number; message?: string; status?: string };
}

function retryAfter(header: string | null): number | undefined {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

export async function rbm<T>(
  config: Pick<RbmConfig, "apiUrl" | "timeoutMs">,
  tokens: TokenSource,
  request: RbmRequest,
): Promise<T> {
  const url = new URL(`${config.apiUrl}${request.path}`);
  for (const [name, value] of Object.entries(request.query ?? {}))
    if (value !== undefined) url.searchParams.set(name, value);
  const headers: Record<string, string> = { ...request.headers, authorization: `Bearer ${await tokens.token()}` };
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (request.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.body) body = new Uint8Array(request.body);
  const response = await fetch(url, {
    method: request.method,
    headers,
    body,
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    if (response.ok)
      throw new RbmError(
        response.status,
        String(response.status),
        `RBM answered ${response.status} with a body that is not JSON`,
      );
  }
  if (!response.ok) {
    const error = (parsed as ErrorBody).error ?? {};
    if (response.status === 401) tokens.reset();
    throw new RbmError(
      response.status,
      error.status ?? String(response.status),
      error.message ?? `RBM answered ${response.status}`,
      retryAfter(response.headers.get("retry-after")),
    );
  }
  return parsed as T;
}
