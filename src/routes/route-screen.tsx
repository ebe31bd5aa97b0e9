import { Suspense } from "react";
import { ComingSoon } from "../components/coming-soon";
import { ErrorBoundary } from "../components/error-boundary";
import { PageLoader } from "../components/page-loader";
import { RequireRouteRoles } from "../security/guards";
import type { AreaRoute } from "./paths";
import { SCREENS } from "./screens";

/** One area route: role check, then its lazy screen, or a Coming soon card when none is registered. */
export function RouteScreen({ route }: { route: AreaRoute }) {
  const Screen = SCREENS[route.key];
  return (
    <RequireRouteRoles route={route}>
      <ErrorBoundary>
        <Suspense fallback={<PageLoader />}>{Screen ? <Screen /> : <ComingSoon title={route.title} />}</Suspense>
      </ErrorBoundary>
    </RequireRouteRoles>
  );
}
