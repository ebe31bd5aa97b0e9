// Route schemas compile on a route's first request instead of at start-up. Compiling a validator (ajv) and a response
// serializer (fast-json-stringify) for each of the API's routes took ~1.2 s of a 4.8 s start on an existing data
// directory (`node --cpu-prof`, docs/benchmarks.md "Start"), though most routes are not called for minutes. The
// functions are the same ones Fastify would have built; only when they are built changes.
import type SerializerSelector from "@fastify/fast-json-stringify-compiler";
import { createRequire } from "node:module";
import type { FastifyServerOptions } from "fastify";
import type { FastifyValidationResult } from "fastify/types/schema";

type SerializerFactory = NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>["buildSerializer"];

/** A validator that compiles on its first call; `errors` reads the compiled one's (Fastify reads it after a false). */
export function lazyValidator(compile: () => FastifyValidationResult): FastifyValidationResult {
  let compiled: FastifyValidationResult | undefined;
  const validate: FastifyValidationResult = (data: unknown) => (compiled ??= compile())(data);
  Object.defineProperty(validate, "errors", { get: () => compiled?.errors ?? null });
  return validate;
}

const require = createRequire(import.meta.url);

/**
 * Fastify's own serializer factory (the package Fastify would load itself), each route's serializer built on its
 * first response. The package and fast-json-stringify (~100 ms of module loading) are required then too.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  let factory: ReturnType<ReturnType<typeof SerializerSelector>> | undefined;
  const compile: ReturnType<ReturnType<typeof SerializerSelector>> = (route) => {
    factory ??= (require("@fastify/fast-json-stringify-compiler") as typeof SerializerSelector)()(
      externalSchemas,
      options,
    );
    return factory(route);
  };
  return (route) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc: unknown) => (serialize ??= compile(route))(doc);
  };
};
