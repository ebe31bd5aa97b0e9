import type { AuthProvider } from "@refinedev/core";
import { MSG, ROLE_AREAS } from "../../contract";
import { toMessage } from "../api";
import { login, logoutLocally, type LoginInput } from "../security/auth-actions";
import { isExpired, nowSeconds } from "../security/session-expiry";
import { sessionStore } from "../state/session";

export { login, logoutLocally, type LoginInput };

/** Refine's auth provider over the session store; login/logout are shared with the public pages. */
export const authProvider: AuthProvider = {
  async login(params: LoginInput) {
    try {
      const user = await login(params);
      return { success: true, redirectTo: ROLE_AREAS[user.type].home };
    } catch (e) {
      return { success: false, error: { name: MSG.loginFailed, message: toMessage(e, MSG.loginFailed) } };
    }
  },
  async logout() {
    logoutLocally();
    return { success: true, redirectTo: "/" };
  },
  async check() {
    const { user, isLoggedIn } = sessionStore.getState().auth;
    if (user && isLoggedIn && !isExpired(nowSeconds(), user.expiresAt)) return { authenticated: true };
    return { authenticated: false, redirectTo: "/" };
  },
  async onError(error: { statusCode?: number; status?: number }) {
    const status = error?.statusCode ?? error?.status;
    const user = sessionStore.getState().auth.user;
    // An expired session gets the Session Expired modal (SPEC 4) rather than a silent logout.
    if (status === 401 && !(user && isExpired(nowSeconds(), user.expiresAt))) return { logout: true, redirectTo: "/" };
    return {};
  },
  async getIdentity() {
    return sessionStore.getState().auth.user;
  },
  async getPermissions() {
    return sessionStore.getState().auth.user?.type ?? null;
  },
};
