/** A failed call's field errors, by field: Refine's HttpError keeps the server's list keyed so (providers/http-error). */
export const fieldErrorsOf = (e: unknown): Record<string, string[] | undefined> =>
  typeof e === "object" && e !== null && "errors" in e && typeof e.errors === "object" && e.errors !== null
    ? (e.errors as Record<string, string[] | undefined>)
    : {};
