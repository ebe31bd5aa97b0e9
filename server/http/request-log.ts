import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { isApiPath, pathOf } from "./paths";

/** Query parameters whose values are credentials (reset tokens, socket tokens, API keys): never written to a log. */
const SECRET_PARAM = /token|password|secret|key|code|signature|auth/i;

/** The URL with the value of every secret-looking query parameter replaced, so the log can be shared. */
export function loggableUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of new Set(params.keys())) if (SECRET_PARAM.test(name)) params.set(name, "[redacted]");
  const query = params.toString().replace(/%5Bredacted%5D/g, "[redacted]");
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
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
    const url = loggableUrl(request.url);
    const status = reply.statusCode;
    const line = { method: request.method, url, status, ms };
    const msg = `${request.method} ${url} ${status} ${ms} ms`;
    if (error || status >= 500) reply.log.error({ ...line, err: error ?? undefined }, msg);
    else reply.log.info(line, msg);
  }
}
