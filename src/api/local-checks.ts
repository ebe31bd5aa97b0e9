import { callRoute, MSG, rolesFor, type CallId, type Role } from "../../contract";

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface CallOptions {
  params?: Readonly<Record<string, string | number | null | undefined>>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  signal?: AbortSignal;
  /** For uploads: the share of the body sent so far, 0 to 1. */
  onUploadProgress?: (fraction: number) => void;
}

/** The part of the session the local checks read. */
export interface CallerLike {
  type: Role;
  token?: string | null;
}

/**
 * The client checks roles, not modules: module grants can change server-side while this tab runs, so module
 * gating is explained by the UI (Access Restricted) and enforced by the server. With every module held, the ability
 * (contract/ability.ts) allows a call exactly when the call table lists the role, so that is asked directly: the
 * client on the login route then needs no CASL, which the signed-in app loads with its access-control provider.
 */
export function roleMayCall(role: Role, id: CallId): boolean {
  return rolesFor(id).includes(role);
}

/** SPEC 5: status counts need a non-empty array of userIds. */
const USER_IDS_CALLS: ReadonlySet<CallId> = new Set<CallId>(["dashboard.statusCounts", "dashboard.storedStatusCounts"]);

function missing(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

/** SPEC 5's local checks, in order. Returns the message of the first failing check, or null. */
export function localCheck(id: CallId, caller: CallerLike | null | undefined, opts: CallOptions = {}): string | null {
  const def = callRoute(id);
  if (def.access !== "public") {
    if (!caller) return MSG.notAuthenticated;
    if (!caller.token) return MSG.noToken;
    if (def.access !== "signed-in" && !roleMayCall(caller.type, id)) return MSG.notAuthorized;
  }
  for (const req of def.requiredIds ?? []) {
    const value = req.in === "path" ? opts.params?.[req.name] : opts.query?.[req.name];
    if (missing(value)) return req.message;
  }
  if (USER_IDS_CALLS.has(id)) {
    const ids = opts.query?.userIds;
    if (ids === undefined || ids === null) return MSG.noUserIds;
    if (!Array.isArray(ids)) return MSG.userIdsNotArray;
    if (ids.length === 0) return MSG.noUserIds;
  }
  return null;
}

/** SPEC 7: campaign lists join userIds with ' , '; every other list parameter is comma-joined. */
const JOINERS: Partial<Record<CallId, string>> = { "campaigns.list": " , " };

/** Applies the call's query defaults and flattens list values; empty values are dropped. */
export function buildQuery(id: CallId, query: CallOptions["query"] = {}): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = { ...(callRoute(id).queryDefaults ?? {}) };
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[key] = value.join(JOINERS[id] ?? ",");
    else out[key] = value as string | number | boolean;
  }
  return out;
}
