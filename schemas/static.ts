/**
 * The TypeScript type of a request-body schema, read from the schema object itself (`as const`), so each body is
 * written once. It covers the keywords the body schemas use: object (properties, required), string, number,
 * integer, boolean, array (items) and enum; constraints such as patterns and lengths do not change the type.
 * Type-only: nothing here reaches a bundle.
 */
export type SchemaStatic<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { type: "string" }
    ? string
    : S extends { type: "number" | "integer" }
      ? number
      : S extends { type: "boolean" }
        ? boolean
        : S extends { type: "array"; items: infer I }
          ? SchemaStatic<I>[]
          : S extends { type: "object"; properties: infer P }
            ? ObjectStatic<P, RequiredKeys<S>>
            : unknown;

type RequiredKeys<S> = S extends { required: readonly (infer R)[] } ? R : never;

/** Required properties as they are, the others optional, in one object type. */
type ObjectStatic<P, R> = Flatten<
  { [K in keyof P & R]: SchemaStatic<P[K]> } & { [K in Exclude<keyof P, R>]?: SchemaStatic<P[K]> }
>;

type Flatten<T> = { [K in keyof T]: T[K] };
