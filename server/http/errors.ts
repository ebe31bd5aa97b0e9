import type { FastifyError, FastifyInstance } from "fastify";
import { MSG } from "../../contract/messages";

export interface FieldError {
  field: string;
  message: string;
}

/** An error whose message is safe and meant for the person calling. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const forbidden = (message: string = MSG.notAuthorized) => new HttpError(403, message);
export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** 'field: message' joined by commas, the form SPEC 5 shows validation lists in. */
export function joinFieldErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => `${e.field}: ${e.message}`).join(", ");
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldOf(issue: AjvIssue): string {
  const path = issue.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const missing = issue.params.missingProperty ?? issue.params.additionalProperty;
  if (typeof missing === "string") return path ? `${path}.${missing}` : missing;
  return path || "body";
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ success: false, message: error.message, errors: error.errors });
    }
    if (error.validation) {
      const errors = (error.validation as AjvIssue[]).map((issue) => ({
        field: fieldOf(issue),
        message: issue.keyword === "required" ? "is required" : issue.keyword === "additionalProperties" ? "is not allowed" : (issue.message ?? "is invalid"),
      }));
      return reply.status(400).send({ success: false, message: joinFieldErrors(errors), errors });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ success: false, message: error.message });
    // 5xx details stay in the log: a stack trace in a response helps only an attacker.
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ success: false, message: MSG.internalError });
  });
}
