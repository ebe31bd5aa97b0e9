import { lazy, Suspense, useEffect } from "react";
import { useNavigate } from "react-router";
import { setUnauthorizedHandler } from "../api/light";
import { logoutLocally } from "./auth-actions";
import { sessionStore, useSession } from "../state/session";
import { isExpired, nowSeconds } from "./session-expiry";

// Only a signed-in person's session can expire: the watcher (and antd's Modal with it) stays off the login route.
const SessionExpiryWatcher = lazy(async () => ({
  default: (await import("./session-expiry-modal")).SessionExpiryWatcher,
}));

/** Session-wide effects that need the router: 401 handling and the Session Expired modal. */
export function SessionEffects() {
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        const user = sessionStore.getState().auth.user;
        // An expired session gets the modal (the watcher); a token the server rejected for another reason
        // (revoked, server restarted with a new secret) ends the session at once.
        if (!user || isExpired(nowSeconds(), user.expiresAt)) return;
        logoutLocally();
        navigate("/", { replace: true });
      }),
    [navigate],
  );
  return isLoggedIn ? (
    <Suspense fallback={null}>
      <SessionExpiryWatcher />
    </Suspense>
  ) : null;
}
