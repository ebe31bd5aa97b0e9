import { MAX_PAGE_LIMIT } from "../../contract/constants";
import { badRequest } from "../http/errors";

export type Query = Record<string, unknown>;

/** A positive integer query field, its default when absent, a clear 400 when malformed. */
export function intParam(query: Query, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = query[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw badRequest(`${name}: must be an integer between 1 and ${max}`, [
      { field: name, message: `must be an integer between 1 and ${max}` },
    ]);
  }
  return value;
}

export function stringParam(query: Query, name: string): string | undefined {
  const raw = query[name];
  return typeof raw === "string" && raw.trim() !== "" ? raw.trim() : undefined;
}

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export function pageParams(query: Query, defaults = { page: 1, limit: 10 }): Page {
  const page = intParam(query, "page", defaults.page);
  const limit = intParam(query, "limit", defaults.limit, MAX_PAGE_LIMIT);
  return { page, limit, offset: (page - 1) * limit };
}

export function totalPages(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / limit));
}
