import { useSyncExternalStore } from "react";
import { PERSIST_RESTORE_TIMEOUT_MS } from "../../contract";
import {
  authReducer,
  impersonationReducer,
  initialAuthState,
  initialImpersonationState,
  type AuthAction,
  type AuthUser,
  type ImpersonatedUser,
  type ImpersonationAction,
} from "./auth-state";
import { readPersisted, writePersisted, type RootState } from "./persist";
import { setDisplayTimeZone } from "../shell/format";

export type { AuthUser, ImpersonatedUser, AuthState, ImpersonationState } from "./auth-state";
export type { RootState } from "./persist";

export interface SessionState extends RootState {
  /** False until the persisted state is restored; the app renders only after (SPEC 2, 4). */
  restored: boolean;
}

type Listener = () => void;

function storage(): Storage | undefined {
  return typeof window === "undefined" ? undefined : window.sessionStorage;
}

function createSessionStore() {
  let state: SessionState = { auth: initialAuthState, impersonation: initialImpersonationState, restored: false };
  const listeners = new Set<Listener>();

  const commit = (next: SessionState, persist = true) => {
    state = next;
    // Before any listener renders: dates are shown in the signed-in person's zone.
    setDisplayTimeZone(next.auth.user?.timeZone);
    if (persist && next.restored) writePersisted(storage(), next);
    for (const fn of listeners) fn();
  };
  const auth = (action: AuthAction) => commit({ ...state, auth: authReducer(state.auth, action) });
  const imp = (action: ImpersonationAction) =>
    commit({ ...state, impersonation: impersonationReducer(state.impersonation, action) });

  return {
    getState: (): SessionState => state,
    subscribe(fn: Listener): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /** Reads sessionStorage `root` (this tab's own copy). Restoring twice is harmless. */
    restore(): void {
      commit({ ...readPersisted(storage()), restored: true }, false);
    },
    /** Marks the app restorable without data (restore time-out): the visitor starts logged out. */
    markRestored(): void {
      if (!state.restored) commit({ ...state, restored: true }, false);
    },
    loginPending: () => auth({ type: "login/pending" }),
    loginSucceeded: (user: AuthUser) => auth({ type: "login/success", user }),
    loginFailed: (error: string) => auth({ type: "login/failure", error }),
    logout(): void {
      commit({
        ...state,
        auth: authReducer(state.auth, { type: "logout" }),
        impersonation: impersonationReducer(state.impersonation, { type: "impersonation/clear" }),
      });
    },
    setImpersonation: (impersonatedUser: ImpersonatedUser, adminToken: string) =>
      imp({ type: "impersonation/set", impersonatedUser, adminToken }),
    impersonationPending: () => imp({ type: "impersonation/pending" }),
    impersonationFailed: (error: string) => imp({ type: "impersonation/failure", error }),
    clearImpersonation: () => imp({ type: "impersonation/clear" }),
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
export const sessionStore: SessionStore = createSessionStore();

/**
 * Restores the persisted session. Reading sessionStorage is synchronous, but SPEC 4 bounds the restore by a
 * time-out so a broken storage (or a slow future async store) never keeps the app from rendering.
 */
export function restoreSession(timeoutMs: number = PERSIST_RESTORE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      sessionStore.markRestored();
      resolve();
    }, timeoutMs);
    queueMicrotask(() => {
      try {
        sessionStore.restore();
      } finally {
        clearTimeout(timer);
        sessionStore.markRestored();
        resolve();
      }
    });
  });
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

export interface SessionView {
  user: AuthUser | null;
  isLoggedIn: boolean;
  isImpersonating: boolean;
  impersonatedUser: ImpersonatedUser | null;
  loading: boolean;
  error: string | null;
}

export function useSession(): SessionView {
  const s = useSessionState();
  return {
    user: s.auth.user,
    isLoggedIn: s.auth.isLoggedIn,
    isImpersonating: s.impersonation.isImpersonating,
    impersonatedUser: s.impersonation.impersonatedUser,
    loading: s.auth.loading,
    error: s.auth.error,
  };
}
