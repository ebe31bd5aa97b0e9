import { MSG } from "../../contract";
import { isHttpError } from "./http";

export interface FieldError {
  field: string;
  message: string;
}

/** An error whose message is already what the user should read. */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly errors: readonly FieldError[] | undefined;
  override readonly name = "ApiError";
  constructor(message: string, status?: number, errors?: readonly FieldError[]) {
    super(message);
    this.status = status;
    this.errors = errors;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

function fieldList(errors: unknown): string | null {
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const parts = errors
    .filter(isRecord)
    .map((e) =>
      typeof e.field === "string" && e.field ? `${e.field}: ${String(e.message ?? "")}` : String(e.message ?? ""),
    )
    .filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);

/**
 * SPEC 8 (WhatsApp template errors): the server's user message, then its error message, then `message`. Provider
 * errors come as Meta's `{ error: { error_user_msg, message } }` or flattened as `userMessage` / `errorMessage`.
 */
function providerMessage(body: Record<string, unknown>): string | null {
  const nested = isRecord(body.error) ? body.error : {};
  return text(body.userMessage) ?? text(nested.error_user_msg) ?? text(body.errorMessage) ?? text(nested.message);
}

/** The message a server body carries: a list of {message} items (WhatsApp) reads as its first item's message. */
function bodyMessage(body: unknown): string | null {
  if (!isRecord(body)) return typeof body === "string" && body.trim() && !body.startsWith("<") ? body : null;
  const preferred = providerMessage(body);
  if (preferred) return preferred;
  const m = body.message;
  if (typeof m === "string" && m.trim()) return m;
  if (Array.isArray(m) && m.length) {
    const first: unknown = m[0];
    if (typeof first === "string") return first;
    if (isRecord(first) && typeof first.message === "string") return first.message;
  }
  return null;
}

/**
 * The one error mapper (SPEC 5, 8). A validation list says more than its generic 'Validation error occurred'
 * headline, so a non-empty `errors` list wins; then the server's `message`; a request that got no answer is
 * a network error; a plain Error keeps its message; otherwise the call's default, else 'Something went wrong'.
 */
export function toMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.message;
  if (isHttpError(error)) {
    if (error.response) {
      const body: unknown = error.response.data;
      if (isRecord(body)) {
        const list = fieldList(body.errors);
        if (list) return list;
      }
      return bodyMessage(body) ?? fallback ?? MSG.somethingWrong;
    }
    if (error.code === "ERR_CANCELED") return error.message || fallback || MSG.somethingWrong;
    return MSG.networkError;
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  return fallback ?? MSG.somethingWrong;
}

/** Wraps anything thrown by a call into an ApiError with the mapped message and HTTP status. */
export function toApiError(error: unknown, fallback?: string): ApiError {
  if (error instanceof ApiError) return error;
  const status = isHttpError(error) ? error.response?.status : undefined;
  const body: unknown = isHttpError(error) ? error.response?.data : undefined;
  const errors =
    isRecord(body) && Array.isArray(body.errors)
      ? (body.errors.filter(isRecord) as unknown as FieldError[])
      : undefined;
  return new ApiError(toMessage(error, fallback), status, errors);
}
