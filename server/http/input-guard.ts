import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, NUL_MESSAGE, type FieldError } from "./errors";

/** The field names of string values that hold U+0000 (PostgreSQL text cannot store it: the driver fails with a 500). */
function nulFields(values: unknown, prefix = ""): FieldError[] {
  if (!values || typeof values !== "object") return [];
  const found: FieldError[] = [];
  for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
    const items = Array.isArray(value) ? value : [value];
    if (items.some((v) => typeof v === "string" && v.includes("\u0000")))
      found.push({ field: `${prefix}${key}`, message: NUL_MESSAGE });
  }
  return found;
}

/**
 * Bodies are checked by their schemas; query strings and path parameters of every route are checked here, so
 * no call, present or future, can hand a NUL byte to the database.
 */
export function installInputGuard(app: FastifyInstance): void {
  // Callback style, like the other per-request hooks here: an async hook costs every request a promise and a tick.
  app.addHook("onRequest", (request: FastifyRequest, _reply, done) => {
    const errors = [...nulFields(request.query), ...nulFields(request.params)];
    done(errors.length ? badRequest(errors.map((e) => `${e.field}: ${e.message}`).join(", "), errors) : undefined);
  });
}
