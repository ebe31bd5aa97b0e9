import { useLocation } from "react-router";
import { matchAreaRoute } from "../../resources";

/** The title resources/ declares for the current route (child routes answer with their list's title). */
export function useRouteTitle(): string {
  const { pathname } = useLocation();
  return matchAreaRoute(pathname)?.route.title ?? "";
}
