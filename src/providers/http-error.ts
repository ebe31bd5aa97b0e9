import type { HttpError } from "@refinedev/core";
import { ApiError, toApiError } from "../api";

/** Refine expects HttpError {message, statusCode, errors}: field errors keyed by field for its forms. */
export function toHttpError(error: unknown, fallback?: string): HttpError {
  const e: ApiError = toApiError(error, fallback);
  const errors: Record<string, string[]> = {};
  for (const fe of e.errors ?? []) {
    if (fe.field) (errors[fe.field] ??= []).push(fe.message);
  }
  return {
    message: e.message,
    statusCode: e.status ?? 0,
    ...(Object.keys(errors).length ? { errors } : {}),
  };
}
