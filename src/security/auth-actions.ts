import { MSG } from "../../contract";
import { callApi, toMessage } from "../api/light";
import { parseAuthUser } from "../state/persist";
import { sessionStore, type AuthUser } from "../state/session";

export interface LoginInput {
  /** Email or username (the server accepts either in `email`). */
  email: string;
  password: string;
}

/**
 * Logs in through auth.login and stores the user (SPEC 4: pending → success | failure). Kept free of Refine and
 * react-query so the login page's bundle stays small.
 */
export async function login({ email, password }: LoginInput): Promise<AuthUser> {
  sessionStore.loginPending();
  try {
    const res = await callApi("auth.login", { body: { email: email.trim(), password } });
    const user = parseAuthUser(res.data);
    if (!user) throw new Error(MSG.loginFailed);
    sessionStore.loginSucceeded(user);
    return user;
  } catch (e) {
    const message = toMessage(e, MSG.loginFailed);
    sessionStore.loginFailed(message);
    throw new Error(message);
  }
}

/**
 * Clears the session (and the impersonation state). Cached server data is dropped by the authenticated app,
 * which listens for the session ending (src/routes/authenticated-app.tsx).
 */
export function logoutLocally(): void {
  sessionStore.logout();
}

/**
 * The confirmed logout: ends the session on the server too (auth.logout), so the token stops working. Best
 * effort: the request carries the token captured before the local session is cleared, which happens at once
 * whether or not the server answers.
 */
export function logout(): Promise<void> {
  const ended = callApi("auth.logout").then(
    () => undefined,
    () => undefined,
  );
  logoutLocally();
  return ended;
}
