import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { isApiPath, pathOf } from "./paths";

/**
 * Query and path parameters whose values are credentials (reset tokens, socket tokens, API keys, the `sig` of a
 * signed upload link, a workflow hook's `:secret`): never written to a log.
 */
const SECRET_PARAM = /token|password|secret|key|code|signature|auth|^sig$/i;
const REDACTED = "[redacted]";

/**
 * The path with the segments of secret-named route parameters replaced: `route` is the matched route's pattern
 * (`/api/flow/v1/hooks/:id/:secret`), whose segments line up with the path's.
 */
function loggablePath(path: string, route: string | undefined): string {
  if (!route?.includes(":")) return path;
  const pattern = route.split("/");
  const secret = pattern.map((segment) => segment.startsWith(":") && SECRET_PARAM.test(segment.slice(1)));
  if (!secret.includes(true)) return path;
  return path
    .split("/")
    .map((segment, i) => (secret[i] ? REDACTED : segment))
    .join("/");
}

/**
 * The URL with the value of every secret-looking query (and, given its route, path) parameter replaced, so the log can
 * be shared.
 */
export function loggableUrl(url: string, route?: string): string {
  const at = url.indexOf("?");
  const path = loggablePath(at < 0 ? url : url.slice(0, at), route);
  if (at < 0) return path;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(params.keys())) if (SECRET_PARAM.test(name)) params.set(name, REDACTED);
  const query = params.toString().replace(/%5Bredacted%5D/g, REDACTED);
  return query ? `${path}?${query}` : path;
}

/**
 * Fastify's request lines, replaced: one line per API request when its answer is sent, and none for the console's
 * files (a short walk through the console used to log megabytes). Headers and bodies are never logged: they hold
 * tokens and passwords. Errors keep Fastify's own error lines.
 */
export class ApiRequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!isApiPath(pathOf(request.url))) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const url = loggableUrl(request.url, request.routeOptions.url);
    const status = reply.statusCode;
    const line = { method: request.method, url, status, ms };
    const msg = `${request.method} ${url} ${status} ${ms} ms`;
    if (error || status >= 500) reply.log.error({ ...line, err: error ?? undefined }, msg);
    else reply.log.info(line, msg);
  }
}
