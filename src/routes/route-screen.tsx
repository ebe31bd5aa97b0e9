import { Suspense } from "react";
import { ROLE_AREAS } from "../../contract";
import { gatingModule, type AreaRoute, type PageKind } from "../../resources";
import { AccessRestrictedPage } from "../components/access-restricted";
import { ComingSoon } from "../components/coming-soon";
import { ErrorBoundary } from "../components/error-boundary";
import { PageLoader } from "../components/page-loader";
import { useAbility, useModules } from "../providers";
import { RequireRouteRoles } from "../security/guards";
import { useSession } from "../state/session";
import { pageComponent } from "./pages";

function Page({ resource, page, title }: { resource: string; page: PageKind; title: string }) {
  const Screen = pageComponent(resource, page);
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoader />}>{Screen ? <Screen /> : <ComingSoon title={title} />}</Suspense>
    </ErrorBoundary>
  );
}

/**
 * One area route: role check, module gate (SPEC 2: a typed URL explains like the sidebar does), then the page
 * of its resource, src/pages/<resource>/<page>.tsx, or a Coming soon card when that file does not exist yet.
 */
export function RouteScreen({ route }: { route: AreaRoute }) {
  const { user } = useSession();
  const ability = useAbility();
  const modules = useModules();
  const module = user ? gatingModule(route.resource, user.type) : null;
  // The grants arrive with the first view; until then a gated screen neither shows nor says it is restricted.
  if (module && modules.isPending) return <PageLoader />;
  return (
    <RequireRouteRoles route={route}>
      {module && user && !ability.can("use", module) ? (
        <AccessRestrictedPage item={route.title} home={ROLE_AREAS[user.type].home} />
      ) : (
        <Page resource={route.resource.name} page={route.page} title={route.title} />
      )}
    </RequireRouteRoles>
  );
}

/** A record's create/edit form, rendered by its list page's <Outlet /> (a modal over the list, with a URL). */
export function ChildScreen({ resource, page, title }: { resource: string; page: PageKind; title: string }) {
  return <Page resource={resource} page={page} title={title} />;
}
