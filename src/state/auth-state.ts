import type { Role } from "../../contract";

/** SPEC 3: the auth user. Login responses carry more fields; they are kept as they come. */
export interface AuthUser {
  _id: string;
  username: string;
  email: string;
  type: Role;
  token: string;
  /** Epoch seconds. */
  expiresAt: number;
  isFirstLogin: boolean;
  name?: string;
  companyName?: string;
  phone?: string;
  /** The IANA zone the console shows this person's dates in. */
  timeZone?: string;
}

/** The impersonated session carries who started it (SPEC 3, impersonation state). */
export interface ImpersonatedUser extends AuthUser {
  impersonationMode?: boolean;
  impersonatedBy?: { _id: string; username: string };
}

export interface AuthState {
  user: AuthUser | null;
  loading: boolean;
  error: string | null;
  isLoggedIn: boolean;
}

export interface ImpersonationState {
  impersonatedUser: ImpersonatedUser | null;
  adminToken: string | null;
  isImpersonating: boolean;
  loading: boolean;
  error: string | null;
}

export type AuthAction =
  | { type: "login/pending" }
  | { type: "login/success"; user: AuthUser }
  | { type: "login/failure"; error: string }
  | { type: "logout" };

export type ImpersonationAction =
  | { type: "impersonation/pending" }
  | { type: "impersonation/set"; impersonatedUser: ImpersonatedUser; adminToken: string }
  | { type: "impersonation/failure"; error: string }
  | { type: "impersonation/clear" };

/** SPEC 4: starts logged out and not loading. */
export const initialAuthState: AuthState = { user: null, loading: false, error: null, isLoggedIn: false };

export const initialImpersonationState: ImpersonationState = {
  impersonatedUser: null,
  adminToken: null,
  isImpersonating: false,
  loading: false,
  error: null,
};

/** SPEC 4's auth transitions as a pure reducer (tested on its own, used by the store). */
export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case "login/pending":
      return { ...state, loading: true, error: null };
    case "login/success":
      return { ...state, loading: false, error: null, user: action.user, isLoggedIn: true };
    case "login/failure":
      return { ...state, loading: false, error: action.error, isLoggedIn: false };
    case "logout":
      return { ...state, loading: false, user: null, isLoggedIn: false, error: null };
  }
}

export function impersonationReducer(state: ImpersonationState, action: ImpersonationAction): ImpersonationState {
  switch (action.type) {
    case "impersonation/pending":
      return { ...state, loading: true, error: null };
    case "impersonation/set":
      return {
        impersonatedUser: action.impersonatedUser,
        adminToken: action.adminToken,
        isImpersonating: true,
        loading: false,
        error: null,
      };
    case "impersonation/failure":
      return { ...state, loading: false, error: action.error };
    case "impersonation/clear":
      return initialImpersonationState;
  }
}
