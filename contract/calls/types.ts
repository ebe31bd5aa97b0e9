import type { TObject, TSchema } from "@sinclair/typebox";
import type { ApiScope } from "../domain/api-keys";
import type { ModuleName } from "../modules";
import type { Role } from "../roles";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * "public": no token. "signed-in": any valid token (SPEC 6: business-context checks only sign-in). "api-key": an API
 * key instead of a session (the public API); no console role calls it.
 */
export type Access = "public" | "signed-in" | "api-key" | readonly Role[];

export interface RequiredId {
  /** Name of the path parameter or query field. */
  name: string;
  in: "path" | "query";
  message: string;
}

/** Response schemas by status code; "4xx"/"5xx" cover every error status with the one error body. */
export type Replies = Readonly<Record<number | "4xx" | "5xx", TSchema>>;

export interface CallDef {
  method: HttpMethod;
  /** Fastify-style path: `:name` for parameters. */
  path: string;
  access: Access;
  /** "api-key" calls: the scope the key must have. */
  scope?: ApiScope;
  /** Module that must be granted to module-gated roles (SPEC 2, 6). */
  module?: ModuleName;
  requiredIds?: readonly RequiredId[];
  /** Query defaults of SPEC 9. */
  queryDefaults?: Readonly<Record<string, string | number | boolean>>;
  /** SPEC 8's default message when the call fails without a server message. */
  failure?: string;
  /** JSON Schema validating the body: its name in schemas/index.ts `SCHEMAS` (one schemas/<name>.ts each). */
  bodySchema?: string;
  /** Request body is multipart form data. */
  multipart?: boolean;
  /** Response is a file, not JSON. */
  download?: boolean;
  /** Path parameters: one string property per `:name` of the path. */
  params?: TObject;
  /** Query string; page and limit come from the shared pagination schema. */
  query?: TObject;
  /** The server serializes each reply with the schema of its status, so undeclared fields never leave it. */
  response: Replies;
  /** One line for the API docs. */
  summary?: string;
  /** What the API docs say beyond the schemas: headers and examples (every public-API row has them). */
  docs?: CallDocs;
}

/** A header a call reads or answers with, as the API docs show it. */
export interface HeaderDoc {
  description: string;
  schema: TSchema;
  required?: boolean;
  example?: string;
}

/** One named example of a body or an answer. */
export interface ExampleDoc {
  summary: string;
  value: unknown;
}

/** Status keys as `response` has them. */
type ReplyKey = number | "4xx" | "5xx";

/**
 * The OpenAPI document's facts about a call that its schemas do not carry: the headers it reads and answers with
 * (by status, keyed like `response`) and examples of its parameters, body and answers. Only the docs read them;
 * the server's behaviour does not depend on them.
 */
export interface CallDocs {
  requestHeaders?: Readonly<Record<string, HeaderDoc>>;
  responseHeaders?: Readonly<Partial<Record<ReplyKey, Readonly<Record<string, HeaderDoc>>>>>;
  /** An example value of each path or query parameter, by name. */
  parameterExamples?: Readonly<Record<string, string | number>>;
  bodyExamples?: Readonly<Record<string, ExampleDoc>>;
  responseExamples?: Readonly<Partial<Record<ReplyKey, Readonly<Record<string, ExampleDoc>>>>>;
}
