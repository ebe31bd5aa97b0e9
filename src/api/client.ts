import { buildPath, callRoute, MSG, type CallId, type CallReply } from "../../contract";
import { sessionStore } from "../state/session";
import { ApiError, toApiError } from "./errors";
import { http, isHttpError, send } from "./http";
import { buildQuery, localCheck, type CallOptions } from "./local-checks";

export type { CallOptions, QueryValue } from "./local-checks";

/** DESIGN: the API host is configuration, defaulting to the server that serves the page. */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_URL as string | undefined;
  if (configured) return configured.replace(/\/+$/, "");
  return typeof window === "undefined" ? "" : window.location.origin;
}

export { http };

type UnauthorizedHandler = (error: ApiError, id: CallId) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Lets the app log out on a 401 from any call (not just Refine hooks); returns the unsubscribe. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = null;
  };
}

/** The session user whose token calls carry: the impersonated user in an impersonation tab. */
function currentCaller() {
  return sessionStore.getState().auth.user;
}

/**
 * SPEC 8: a download answered with a JSON body (an error, even under 200) reads 'Failed to download file: <its
 * message>'.
 */
async function blobError(blob: Blob, status?: number): Promise<ApiError> {
  let detail = "";
  try {
    const body: unknown = JSON.parse(await blob.text());
    detail = typeof body === "object" && body && "message" in body ? String(body.message) : "";
  } catch {
    detail = "";
  }
  return new ApiError(`${MSG.downloadFilePrefix}${detail || MSG.unknownError}`, status);
}

/**
 * One call of the contract table: SPEC 5's local checks first (nothing is sent when one fails), then the
 * request with the bearer token. Rejects with an ApiError whose message is ready to show.
 */
export async function callApi<K extends CallId>(id: K, opts: CallOptions = {}): Promise<CallReply<K>> {
  const def = callRoute(id);
  const user = currentCaller();
  const problem = localCheck(id, user, opts);
  if (problem) throw new ApiError(problem);

  let url: string;
  try {
    const params = Object.fromEntries(
      Object.entries(opts.params ?? {}).filter(
        (e): e is [string, string | number] => e[1] !== undefined && e[1] !== null,
      ),
    );
    url = `${apiBaseUrl()}${buildPath(id, params)}`;
  } catch (e) {
    throw toApiError(e, def.failure);
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  if (def.access !== "public" && user?.token) headers.Authorization = `Bearer ${user.token}`;
  const form = opts.body instanceof FormData;
  if (opts.body !== undefined && !form) headers["Content-Type"] = "application/json";

  try {
    // The reply's type is the row's response schema, which the server serializes with: nothing else arrives.
    const res = await send({
      method: def.method,
      url,
      params: buildQuery(id, opts.query),
      data: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
      headers,
      signal: opts.signal,
      onUploadProgress: opts.onUploadProgress && ((e) => opts.onUploadProgress?.(e.total ? e.loaded / e.total : 0)),
      responseType: def.download ? "blob" : "json",
    });
    if (def.download && res.data instanceof Blob && res.data.type.includes("application/json")) {
      throw await blobError(res.data);
    }
    return res.data as CallReply<K>;
  } catch (e) {
    // A download's error answer arrives as a Blob too (responseType "blob"): read its message out of it.
    const blob = def.download && isHttpError(e) && e.response?.data instanceof Blob ? e.response.data : null;
    const err = blob
      ? await blobError(blob, isHttpError(e) ? e.response?.status : undefined)
      : toApiError(e, def.failure);
    if (err.status === 401 && def.access !== "public") onUnauthorized?.(err, id);
    throw err;
  }
}
