import { lazy } from "react";
import { Route, Routes } from "react-router";
import type { Role } from "../../contract";
import { areaRoutes } from "../../resources";
import { AppLayout } from "../shell/app-layout";
import { ChildScreen, RouteScreen } from "./route-screen";

const NotFoundPage = lazy(async () => ({ default: (await import("../pages/public/not-found-page")).NotFoundPage }));

/**
 * One role area's routes, relative to its prefix, derived from resources/. They live behind login (in the
 * authenticated chunk), so the login page never downloads the resource declarations.
 */
export function AreaRoutes({ role }: { role: Role }) {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {areaRoutes(role).map((route) =>
          route.path === "" ? (
            <Route key={route.key} index element={<RouteScreen route={route} />} />
          ) : (
            <Route key={route.key} path={route.path} element={<RouteScreen route={route} />}>
              {route.children.map((child) => (
                <Route
                  key={child.path}
                  path={child.path}
                  element={<ChildScreen resource={route.resource.name} page={child.page} title={child.title} />}
                />
              ))}
            </Route>
          ),
        )}
        <Route path="*" element={<NotFoundPage embedded />} />
      </Route>
    </Routes>
  );
}
