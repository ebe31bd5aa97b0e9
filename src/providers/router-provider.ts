import type { GoConfig, RouterProvider } from "@refinedev/core";
import base from "@refinedev/react-router";
import { useCallback } from "react";
import { useLocation } from "react-router";

const baseGo = base.go as NonNullable<RouterProvider["go"]>;

/**
 * Refine's React Router binding, with one change to `go`. A call without `to` (useTable's syncWithLocation writing
 * the page and sort into the URL) is resolved against the pathname of the render that made it. React runs that
 * effect after the render, and a person's own navigation can come in between (the users list's effect, run just
 * after "Create user" was closed, sent the browser back to `users/create`). Such a call belongs to a screen that is
 * no longer shown, so it is dropped; every other call goes through as Refine makes it.
 */
export const routerProvider: RouterProvider = {
  ...base,
  go: function useStaleSafeGo() {
    const go = baseGo();
    const { pathname } = useLocation();
    return useCallback(
      (config: GoConfig) => {
        const stale = config.to === undefined && config.type !== "path" && window.location.pathname !== pathname;
        return stale ? undefined : go(config);
      },
      [go, pathname],
    );
  },
};
