import Ajv, { type Options } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { lazyValidator } from "./lazy-compile";

const COMMON: Options = { useDefaults: true, allErrors: true, removeAdditional: false, strict: false };

/**
 * Bodies and the query/params differ on purpose. A body is JSON: additionalProperties:false must reject (a
 * request with unknown fields is a mistake) and nothing is coerced. Query and path values always arrive as
 * strings, so they are coerced to the schema's types (page=2 becomes 2) and defaults are filled in.
 */
export function installValidators(app: FastifyInstance): void {
  const body = addFormats(new Ajv({ ...COMMON, coerceTypes: false }));
  const url = addFormats(new Ajv({ ...COMMON, coerceTypes: true }));
  // Compiled on a route's first request (lazy-compile.ts): start-up does not pay for routes nobody calls yet.
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(() => (httpPart === "body" ? body : url).compile(schema)),
  );
}
