import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MSG } from "../../contract/messages";
import { sqlStateOf } from "../db/errors";

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
    /** A stable code beside the message (the public API's refusals); only rows whose error schema names it send it. */
    readonly code?: string,
    /** Extra answer headers (Retry-After of a 429). */
    readonly headers?: Readonly<Record<string, string>>,
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

const NUL_PATTERN = "^[^\\u0000]*$";
export const NUL_MESSAGE = "must not contain a NUL character";

function messageOf(issue: AjvIssue): string {
  if (issue.keyword === "required") return "is required";
  if (issue.keyword === "additionalProperties") return "is not allowed";
  if (issue.keyword === "pattern" && issue.params.pattern === NUL_PATTERN) return NUL_MESSAGE;
  // Name the allowed values: "must be equal to one of the allowed values" leaves the caller guessing.
  if (issue.keyword === "enum" && Array.isArray(issue.params.allowedValues))
    return `must be one of ${issue.params.allowedValues.join(", ")}`;
  return issue.message ?? "is invalid";
}

function fieldOf(issue: AjvIssue): string {
  const path = issue.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const missing = issue.params.missingProperty ?? issue.params.additionalProperty;
  if (typeof missing === "string") return path ? `${path}.${missing}` : missing;
  return path || "body";
}

/** SQLSTATEs for bad input values: numeric/datetime out of range, invalid datetime, bad or NUL characters. */
const PG_INPUT_ERRORS = new Set(["22003", "22008", "22007", "22021", "22P05", "22P02"]);

/**
 * Fastify's own refusals before routing (a malformed %-escape in the path, a path parameter past its length, a failed
 * route constraint), answered in the product's error shape rather than Fastify's `{ code: "FST_ERR_BAD_URL", ... }`,
 * which also echoed the path back. Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send({ success: false, message: status === 414 ? MSG.urlTooLong : MSG.malformedUrl });
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ success: false, message: error.message, code: error.code, errors: error.errors });
    }
    if (error.validation) {
      const errors = (error.validation as AjvIssue[]).map((issue) => ({
        field: fieldOf(issue),
        message: messageOf(issue),
      }));
      return reply
        .status(400)
        .send({ success: false, message: joinFieldErrors(errors), code: "invalid_request", errors });
    }
    // A value the schemas let through but PostgreSQL cannot hold (out of range, bad encoding) is the caller's
    // mistake, not a server failure: answer 400 and log it so the missing schema rule gets added.
    const pgCode = sqlStateOf(error);
    if (pgCode && PG_INPUT_ERRORS.has(pgCode)) {
      request.log.warn({ err: error }, "input refused by the database");
      return reply.status(400).send({ success: false, message: MSG.invalidInput, code: "invalid_request" });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ success: false, message: error.message });
    // 5xx details stay in the log: a stack trace in a response helps only an attacker.
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ success: false, message: MSG.internalError });
  });
}
