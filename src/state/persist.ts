import { normalizeRole, PERSIST_KEY, PERSIST_VERSION } from "../../contract";
import {
  initialAuthState,
  initialImpersonationState,
  type AuthState,
  type AuthUser,
  type ImpersonatedUser,
  type ImpersonationState,
} from "./auth-state";

/** What SPEC 3/9 allows to persist: only auth and impersonation, version 1, session storage key `root`. */
export interface PersistedRoot {
  version: typeof PERSIST_VERSION;
  auth: { user: AuthUser | null; isLoggedIn: boolean };
  impersonation: { impersonatedUser: ImpersonatedUser | null; adminToken: string | null; isImpersonating: boolean };
}

export interface RootState {
  auth: AuthState;
  impersonation: ImpersonationState;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** Accepts a login/impersonation payload only when it has what the app relies on; the role is normalized. */
export function parseAuthUser(raw: unknown): AuthUser | null {
  if (!isRecord(raw)) return null;
  const type = normalizeRole(typeof raw.type === "string" ? raw.type : null);
  if (!type || typeof raw.token !== "string" || typeof raw.username !== "string") return null;
  const expiresAt = Number(raw.expiresAt);
  return {
    ...(raw as object),
    _id: String(raw._id ?? ""),
    username: raw.username,
    email: typeof raw.email === "string" ? raw.email : "",
    type,
    token: raw.token,
    expiresAt: Number.isFinite(expiresAt) ? expiresAt : 0,
    isFirstLogin: raw.isFirstLogin === true,
  } as AuthUser;
}

export function toPersisted(state: RootState): PersistedRoot {
  return {
    version: PERSIST_VERSION,
    auth: { user: state.auth.user, isLoggedIn: state.auth.isLoggedIn },
    impersonation: {
      impersonatedUser: state.impersonation.impersonatedUser,
      adminToken: state.impersonation.adminToken,
      isImpersonating: state.impersonation.isImpersonating,
    },
  };
}

/** Reads a persisted record; anything of another version or shape restores to logged out. */
export function fromPersisted(raw: string | null): RootState {
  const empty: RootState = { auth: initialAuthState, impersonation: initialImpersonationState };
  if (!raw) return empty;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (!isRecord(data) || data.version !== PERSIST_VERSION) return empty;
  const auth = isRecord(data.auth) ? data.auth : {};
  const imp = isRecord(data.impersonation) ? data.impersonation : {};
  const user = parseAuthUser(auth.user);
  const impersonatedUser = parseAuthUser(imp.impersonatedUser) as ImpersonatedUser | null;
  const adminToken = typeof imp.adminToken === "string" ? imp.adminToken : null;
  const isImpersonating = imp.isImpersonating === true && impersonatedUser !== null;
  return {
    auth: { ...initialAuthState, user, isLoggedIn: user !== null && auth.isLoggedIn === true },
    impersonation: { ...initialImpersonationState, impersonatedUser, adminToken, isImpersonating },
  };
}

export function readPersisted(storage: Storage | undefined): RootState {
  try {
    return fromPersisted(storage?.getItem(PERSIST_KEY) ?? null);
  } catch {
    return fromPersisted(null);
  }
}

export function writePersisted(storage: Storage | undefined, state: RootState): void {
  try {
    storage?.setItem(PERSIST_KEY, JSON.stringify(toPersisted(state)));
  } catch {
    // Storage can be full or disabled (private mode); the in-memory session still works for this tab.
  }
}
