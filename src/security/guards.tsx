import { useEffect, useRef, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { MSG, ROLE_AREAS, type Role } from "../../contract";
import { routeAllows, type AreaRoute } from "../../resources";
import { useSession } from "../state/session";
import { securityAlert } from "./alert";
import { isSuspiciousUrl } from "./url-guard";

/** Fires a security alert once per mount (redirect chains and StrictMode re-run effects). */
function useAlertOnce(active: boolean, message: string): void {
  const fired = useRef(false);
  useEffect(() => {
    if (active && !fired.current) {
      fired.current = true;
      securityAlert(message);
    }
  }, [active, message]);
}

function SuspiciousRedirect() {
  useAlertOnce(true, MSG.suspicious);
  return <Navigate to="/" replace />;
}

/** SPEC 5: a suspicious path or query is never rendered; the visitor is alerted and sent to '/'. */
export function UrlGuard({ children }: { children?: ReactNode }) {
  const { pathname, search } = useLocation();
  if (isSuspiciousUrl(pathname, search)) return <SuspiciousRedirect key={`${pathname}${search}`} />;
  return children ?? <Outlet />;
}

function UnauthorizedRedirect() {
  useAlertOnce(true, MSG.unauthorizedArea);
  // '/' forwards a signed-in user to their own area (PublicOnly), so they land at home.
  return <Navigate to="/" replace />;
}

/** SPEC 2: an area is for its role only; unauthenticated visitors go to the login page. */
export function RequireArea({ role, children }: { role: Role; children?: ReactNode }) {
  const { user, isLoggedIn } = useSession();
  if (!user || !isLoggedIn) return <Navigate to="/" replace />;
  if (user.type !== role) return <UnauthorizedRedirect />;
  return children ?? <Outlet />;
}

/** SPEC 2: a route listing allowed roles sends anyone else to their own home. */
export function RequireRouteRoles({ route, children }: { route: Pick<AreaRoute, "allow">; children: ReactNode }) {
  const { user } = useSession();
  if (user && !routeAllows(route, user.type)) return <Navigate to={ROLE_AREAS[user.type].home} replace />;
  return children;
}

/** Login and sign-up pages are for visitors: a signed-in user goes to their own area. */
export function PublicOnly({ children }: { children?: ReactNode }) {
  const { user, isLoggedIn } = useSession();
  if (user && isLoggedIn) return <Navigate to={ROLE_AREAS[user.type].home} replace />;
  return children ?? <Outlet />;
}
