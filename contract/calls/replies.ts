import type { TSchema } from "@sinclair/typebox";
import { Type } from "./type";

/** Every refusal and failure: `{ success:false, message, errors? }` (SPEC 8). */
export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
});

const ERRORS = { "4xx": ErrorBody, "5xx": ErrorBody } as const;

/** A built call's replies: its success schema(s) plus the one error body for every 4xx and 5xx. */
export const replies = <
  R extends Readonly<Record<200 | 201, TSchema>> | Readonly<Record<200, TSchema>> | Readonly<Record<201, TSchema>>,
>(
  success: R,
) => ({ ...success, ...ERRORS }) as R & typeof ERRORS;

/** A row the server does not build yet: after the usual token/role checks it answers 501 with the error body. */
export const NOT_BUILT = { 501: ErrorBody, ...ERRORS } as const;

/** `{ success: true, message }`: calls that only confirm. */
export const Confirmation = Type.Object({ success: Type.Literal(true), message: Type.String() });

/** Path parameters, one string per `:name`; the contract test checks they match the path. */
export const pathParams = <N extends string>(...names: N[]) =>
  Type.Object(
    Object.fromEntries(names.map((n) => [n, Type.String({ minLength: 1 })])) as Record<
      N,
      ReturnType<typeof Type.String>
    >,
  );

export const ID = pathParams("id");

/** A download's body: the file's bytes (Content-Type and Content-Disposition say what it is). */
export const FileBytes = Type.String({ format: "binary", description: "the file" });
