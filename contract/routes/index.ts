import type { CallId } from "../calls";
import { ROLES, type Role } from "../roles";
import type { CallRoute } from "./call-route";
import { CALL_ROUTES } from "./call-routes";

export type { CallRoute } from "./call-route";
export { CALL_ROUTES } from "./call-routes";

/** Method, path, access and module of a call, without the schemas (which only the server needs). */
export function callRoute(id: CallId): CallRoute {
  return CALL_ROUTES[id];
}

/** Every call id, in table order. */
export const ROUTE_IDS = Object.keys(CALL_ROUTES) as CallId[];

/** Roles a call admits: "public" and "signed-in" admit every role; an "api-key" call admits no session at all. */
export function rolesFor(id: CallId): readonly Role[] {
  const { access } = callRoute(id);
  if (access === "api-key") return [];
  return typeof access === "string" ? ROLES : access;
}

/** Fill `:name` parameters of a call's path. */
export function buildPath(id: CallId, params: Readonly<Record<string, string | number>> = {}): string {
  return callRoute(id).path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`Missing path parameter "${name}" for ${id}`);
    return encodeURIComponent(String(value));
  });
}
