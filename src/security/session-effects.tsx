import { useEffect } from "react";
import { useNavigate } from "react-router";
import { setUnauthorizedHandler } from "../api";
import { logoutLocally } from "./auth-actions";
import { sessionStore } from "../state/session";
import { isExpired, nowSeconds } from "./session-expiry";
import { SessionExpiryWatcher } from "./session-expiry-modal";

/** Session-wide effects that need the router: 401 handling and the Session Expired modal. */
export function SessionEffects() {
  const navigate = useNavigate();
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
  return <SessionExpiryWatcher />;
}
