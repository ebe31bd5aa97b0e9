import { Refine } from "@refinedev/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp } from "antd";
import { useEffect, useMemo } from "react";
import { accessControlProvider } from "../providers/access-control-provider";
import { SessionAbilityProvider } from "../providers/ability-provider";
import { authProvider } from "../providers/auth-provider";
import { dataProvider } from "../providers/data-provider";
import { liveProvider } from "../providers/live-provider";
import { notificationProvider } from "../providers/notification-provider";
import { queryClient } from "../providers/query-client";
import { RealtimeProvider } from "../providers/realtime-provider";
import { routerProvider } from "../providers/router-provider";
import { sessionStore } from "../state/session";
import type { Role } from "../../contract";
import { AreaRoutes } from "./area-routes";
import { refineResources } from "./refine-resources";

/** Drops every cached query when the session ends, so the next person in this tab sees nothing of the last. */
function useClearCacheOnLogout(): void {
  useEffect(() => {
    let token = sessionStore.getState().auth.user?.token;
    return sessionStore.subscribe(() => {
      const next = sessionStore.getState().auth.user?.token;
      if (token && next !== token) queryClient.clear();
      token = next;
    });
  }, []);
}

/**
 * Everything behind login, in one lazy chunk: Refine, react-query, the CASL ability, antd's App (the modal, message
 * and notification hooks some screens take from App.useApp(); with its dialog and form code it was ~25 KB of the
 * login route) and the shell. The public pages never load it, which keeps the login bundle small.
 */
export function AuthenticatedApp({ role }: { role: Role }) {
  useClearCacheOnLogout();
  const resources = useMemo(() => refineResources(role), [role]);
  return (
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          notificationProvider={notificationProvider}
          liveProvider={liveProvider}
          resources={resources}
          options={{
            reactQuery: { clientConfig: queryClient },
            disableTelemetry: true,
            // Lists opt in per table (useTable's syncWithLocation): page, sort and enumerated filters only.
            syncWithLocation: false,
            warnWhenUnsavedChanges: false,
            // Lists refetch on socket events (live-provider.ts maps resources to events and spaces refetches out).
            liveMode: "auto",
          }}
        >
          <SessionAbilityProvider>
            <RealtimeProvider />
            <AreaRoutes role={role} />
          </SessionAbilityProvider>
        </Refine>
      </QueryClientProvider>
    </AntApp>
  );
}
