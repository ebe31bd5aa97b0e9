import { IMPERSONATION_KEY_PREFIX, MSG, PERSIST_KEY, ROLE_AREAS } from "../../contract";
import { ApiError, callApi, toApiError } from "../api/light";
import { parseAuthUser, toPersisted } from "../state/persist";
import { initialAuthState, initialImpersonationState, type ImpersonatedUser } from "../state/auth-state";
import { sessionStore } from "../state/session";

export const IMPERSONATION_PARAM = "impersonationKey";

/** The one-time record handed from the admin's tab to the new tab. */
export interface ImpersonationRecord {
  impersonatedUser: ImpersonatedUser;
  adminToken: string;
}

/** How long the admin's tab keeps the one-time record (the new tab got its copy when it was opened). */
const RECORD_TTL_MS = 30_000;

/**
 * SPEC 4: the admin starts impersonation for a user id; the call must return success true. The record goes to
 * sessionStorage under `impersonation_<timestamp>`, and the user's home opens in a new tab with that key.
 * Chromium copies the opener's sessionStorage into a same-origin tab opened by window.open (no noopener), so
 * the new tab finds the record while the admin's own `root` and tab stay as they are.
 */
export async function startImpersonation(userId: string): Promise<string> {
  const admin = sessionStore.getState().auth.user;
  sessionStore.impersonationPending();
  try {
    const res = await callApi("auth.impersonate", { body: { userId } });
    const target = res?.success === true ? (parseAuthUser(res.data) as ImpersonatedUser | null) : null;
    if (!target || !admin) throw new ApiError(MSG.impersonationFailed);
    const key = `${IMPERSONATION_KEY_PREFIX}${Date.now()}`;
    const record: ImpersonationRecord = { impersonatedUser: target, adminToken: admin.token };
    window.sessionStorage.setItem(key, JSON.stringify(record));
    const url = `${ROLE_AREAS[target.type].home}?${IMPERSONATION_PARAM}=${encodeURIComponent(key)}`;
    window.open(url, "_blank");
    setTimeout(() => window.sessionStorage.removeItem(key), RECORD_TTL_MS);
    // The admin's tab keeps its own session: the pending flag is all this tab changed.
    sessionStore.clearImpersonation();
    return key;
  } catch (e) {
    const err = toApiError(e, MSG.impersonationFailed);
    sessionStore.impersonationFailed(err.message);
    throw err;
  }
}

function readRecord(raw: string | null): ImpersonationRecord | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<ImpersonationRecord>;
    const user = parseAuthUser(data.impersonatedUser) as ImpersonatedUser | null;
    return user && typeof data.adminToken === "string" ? { impersonatedUser: user, adminToken: data.adminToken } : null;
  } catch {
    return null;
  }
}

/**
 * Runs once before the persisted state is restored: a tab opened with `?impersonationKey=` turns its (copied)
 * storage into the impersonated session, then drops the key from storage and from the URL.
 * Returns true when this tab became an impersonation tab.
 */
export function adoptImpersonationFromUrl(win: Window = window): boolean {
  const url = new URL(win.location.href);
  const key = url.searchParams.get(IMPERSONATION_PARAM);
  if (!key) return false;
  url.searchParams.delete(IMPERSONATION_PARAM);
  win.history.replaceState(win.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  if (!key.startsWith(IMPERSONATION_KEY_PREFIX)) return false;
  const record = readRecord(win.sessionStorage.getItem(key));
  win.sessionStorage.removeItem(key);
  if (!record) return false;
  const persisted = toPersisted({
    auth: { ...initialAuthState, user: record.impersonatedUser, isLoggedIn: true },
    impersonation: { ...initialImpersonationState, ...record, isImpersonating: true },
  });
  win.sessionStorage.setItem(PERSIST_KEY, JSON.stringify(persisted));
  return true;
}

/** SPEC 4: exiting clears the state and session storage and closes the tab. */
export function exitImpersonation(win: Window = window): void {
  sessionStore.clearImpersonation();
  sessionStore.logout();
  win.sessionStorage.clear();
  win.close();
  // A tab the script did not open cannot be closed: fall back to the login page.
  setTimeout(() => {
    if (!win.closed) win.location.assign("/");
  }, 200);
}
