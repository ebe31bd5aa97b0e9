import type { RcsFieldError } from "../../../../contract/domain/rcs";

/** Messages that only say something is missing wait for the first save; limits show while typing. */
const MISSING = /required|Choose a bot|needs a title|Give a place/i;

export function visibleErrors(errors: readonly RcsFieldError[], submitted: boolean): RcsFieldError[] {
  return submitted ? [...errors] : errors.filter((e) => !MISSING.test(e.message));
}

/** The first message for exactly this field. */
export const messageFor = (errors: readonly RcsFieldError[], field: string): string | undefined =>
  errors.find((e) => e.field === field)?.message;

/** Form.Item props: an error status and its text, or nothing. */
export function fieldStatus(errors: readonly RcsFieldError[], field: string) {
  const message = messageFor(errors, field);
  return message ? { validateStatus: "error" as const, help: message } : {};
}
