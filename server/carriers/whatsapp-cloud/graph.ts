// The Graph API over fetch: one function for every call, answering the parsed JSON or throwing GraphError with
// Meta's error object ({ error: { message, type, code, error_data: { details }, fbtrace_id } }). A call that gets no
// answer (network error, timeout) throws a plain Error: for a send, its outcome is then unknown.
import type { WhatsAppCloudConfig } from "./config";

export class GraphError extends Error {
  override readonly name = "GraphError";
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly fbtraceId?: string,
  ) {
    super(message);
  }
}

export interface GraphRequest {
  method: "GET" | "POST" | "DELETE";
  /** After the version: "/123/messages"; an absolute path starting with "/v" is taken as is. */
  path: string;
  token?: string;
  /** "Bearer" (default) or "OAuth" (the Resumable Upload API's session calls). */
  scheme?: "Bearer" | "OAuth";
  query?: Readonly<Record<string, string | number | undefined>>;
  json?: unknown;
  body?: Uint8Array | FormData;
  headers?: Readonly<Record<string, string>>;
}

interface ErrorBody {
  error?: { message?: string; code?: number; error_data?: { details?: string }; fbtrace_id?: string };
}

export function graphUrl(
  config: Pick<WhatsAppCloudConfig, "graphUrl" | "version">,
  path: string,
  query?: GraphRequest["query"],
): string {
  const url = new URL(`${config.graphUrl}/${config.version}${path}`);
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}

export async function graph<T>(
  config: Pick<WhatsAppCloudConfig, "graphUrl" | "version" | "timeoutMs">,
  request: GraphRequest,
): Promise<T> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers.authorization = `${request.scheme ?? "Bearer"} ${request.token}`;
  let body: string | Uint8Array<ArrayBuffer> | FormData | undefined;
  if (request.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.json);
  } else if (request.body instanceof Uint8Array) body = new Uint8Array(request.body);
  else body = request.body;
  const response = await fetch(graphUrl(config, request.path, request.query), {
    method: request.method,
    headers,
    body,
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw new GraphError(response.status, 0, `Graph API answered ${response.status} with a body that is not JSON`);
  }
  if (!response.ok || (parsed as ErrorBody).error) {
    const error = (parsed as ErrorBody).error ?? {};
    throw new GraphError(
      response.status,
      error.code ?? 0,
      error.message ?? `Graph API answered ${response.status}`,
      error.error_data?.details,
      error.fbtrace_id,
    );
  }
  return parsed as T;
}
