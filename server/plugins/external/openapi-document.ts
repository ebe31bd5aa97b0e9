import {
  CALLS,
  type CallDef,
  type CallDocs,
  type CallId,
  type ExampleDoc,
  type HeaderDoc,
} from "../../../contract/calls";

// The last touches of the OpenAPI document @fastify/swagger generates from the routes: JSON Schema that OpenAPI 3.0
// reads otherwise is written in its terms, and each call's docs (contract/calls, `docs`: headers and examples)
// are added to its operation. The routes' own schemas are not touched: the server validates with them as they are.

type Json = Record<string, unknown>;

interface Parameter {
  in: string;
  name: string;
  example?: unknown;
}
interface Media {
  schema?: Json;
  examples?: Record<string, ExampleDoc>;
}
interface Response {
  content?: Record<string, Media>;
  headers?: Record<string, Json>;
}
interface Operation {
  operationId?: string;
  parameters?: (Parameter & Json)[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
}
export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `dependencies` (JSON Schema draft 4-7; not in OpenAPI 3.0's schema object) as what it means in 3.0's keywords:
 * each `{a: [b, c]}` becomes "b and c present, or a absent" (`anyOf` of `required` and a's schema matching nothing,
 * `not: {}`), all of them under `allOf`, so generated clients keep the object's properties.
 */
function dependenciesAsOas30(schema: Json): void {
  const { dependencies } = schema;
  if (!isObject(dependencies)) return;
  const clauses = Object.entries(dependencies).map(([property, needs]) => ({
    description: Array.isArray(needs)
      ? `With ${property}, ${needs.join(" and ")} must be sent too.`
      : `With ${property}, the object must match this schema.`,
    anyOf: [Array.isArray(needs) ? { required: needs } : needs, { properties: { [property]: { not: {} } } }],
  }));
  delete schema.dependencies;
  schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), ...clauses];
}

/**
 * A nullable enum lists null. @fastify/swagger writes JSON Schema's "one of these strings, or null" as `nullable`
 * beside the `enum`, but in OpenAPI 3.0 (3.0.3's clarification) nullable does not loosen other keywords: without
 * null among the values, the document refused the null the server answers (a workflow's triggerKind before its
 * first publish).
 */
function nullableEnumListsNull(schema: Json): void {
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...schema.enum, null];
}

/** Every schema below this one, itself first, by the keywords that hold schemas (never a property's name). */
function eachSchema(schema: unknown, visit: (schema: Json) => void): void {
  if (!isObject(schema)) return;
  visit(schema);
  for (const key of ["items", "additionalProperties", "not"]) eachSchema(schema[key], visit);
  for (const key of ["allOf", "anyOf", "oneOf"])
    if (Array.isArray(schema[key])) for (const s of schema[key]) eachSchema(s, visit);
  if (isObject(schema.properties)) for (const s of Object.values(schema.properties)) eachSchema(s, visit);
  if (isObject(schema.dependencies)) for (const s of Object.values(schema.dependencies)) eachSchema(s, visit);
}

function eachOperation(document: OpenApiDocument, visit: (operation: Operation) => void): void {
  for (const item of Object.values(document.paths ?? {})) for (const operation of Object.values(item)) visit(operation);
}

/** The schemas of every parameter, body, answer and answer header, and the shared components. */
function eachDocumentSchema(document: OpenApiDocument, visit: (schema: Json) => void): void {
  const media = (content: Record<string, Media> | undefined) => {
    for (const m of Object.values(content ?? {})) eachSchema(m.schema, visit);
  };
  eachOperation(document, (operation) => {
    for (const p of operation.parameters ?? []) eachSchema(p.schema, visit);
    media(operation.requestBody?.content);
    for (const response of Object.values(operation.responses ?? {})) {
      media(response.content);
      for (const header of Object.values(response.headers ?? {})) eachSchema(header.schema, visit);
    }
  });
  for (const s of Object.values(document.components?.schemas ?? {})) eachSchema(s, visit);
}

/** `response`'s keys as OpenAPI writes them: 201, 4XX. */
const statusKey = (key: string) => key.toUpperCase();

const headerObject = (h: HeaderDoc) => ({
  description: h.description,
  required: h.required ?? false,
  schema: { ...h.schema },
  ...(h.example === undefined ? {} : { example: h.example }),
});

/** A fact of a call's docs that has no place in its operation is a mistake in the contract: say so, do not drop it. */
function missing(id: string, what: string): never {
  throw new Error(`API docs of ${id}: ${what} is not in its operation`);
}

function jsonMedia(content: Record<string, Media> | undefined, id: string, what: string): Media {
  return content?.["application/json"] ?? missing(id, what);
}

function applyCallDocs(id: string, operation: Operation, docs: CallDocs): void {
  for (const [name, header] of Object.entries(docs.requestHeaders ?? {})) {
    const { required, ...rest } = headerObject(header);
    operation.parameters = [...(operation.parameters ?? []), { in: "header", name, required, ...rest }];
  }
  for (const [name, example] of Object.entries(docs.parameterExamples ?? {})) {
    const parameter =
      operation.parameters?.find((p) => p.name === name && (p.in === "path" || p.in === "query")) ??
      missing(id, `parameter ${name}`);
    parameter.example = example;
  }
  if (docs.bodyExamples)
    jsonMedia(operation.requestBody?.content, id, "a JSON body").examples = { ...docs.bodyExamples };
  for (const [status, headers] of Object.entries(docs.responseHeaders ?? {})) {
    const response = operation.responses?.[statusKey(status)] ?? missing(id, `answer ${status}`);
    response.headers = Object.fromEntries(Object.entries(headers ?? {}).map(([name, h]) => [name, headerObject(h)]));
  }
  for (const [status, examples] of Object.entries(docs.responseExamples ?? {})) {
    const response = operation.responses?.[statusKey(status)] ?? missing(id, `answer ${status}`);
    jsonMedia(response.content, id, `answer ${status}'s JSON body`).examples = { ...examples };
  }
}

/**
 * The served document: a copy of what @fastify/swagger made (its schemas may be the routes' own objects), with the
 * OpenAPI 3.0 rewrites and every call's docs.
 */
export function finishDocument<D extends object>(generated: D): D {
  const document = structuredClone(generated) as D & OpenApiDocument;
  eachDocumentSchema(document, (schema) => {
    dependenciesAsOas30(schema);
    nullableEnumListsNull(schema);
  });
  eachOperation(document, (operation) => {
    const id = operation.operationId;
    const docs = id && id in CALLS ? (CALLS[id as CallId] as CallDef).docs : undefined;
    if (docs && id) applyCallDocs(id, operation, docs);
  });
  return document;
}
