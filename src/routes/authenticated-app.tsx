import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect } from "react";
import { accessControlProvider } from "../providers/access-control-provider";
import { SessionAbilityProvider } from "../providers/ability-provider";
import { authProvider } from "../providers/auth-provider";
import { dataProvider } from "../providers/data-provider";
import { notificationProvider } from "../providers/notification-provider";
import { queryClient } from "../providers/query-client";
import { RealtimeProvider } from "../providers/realtime-provider";
import { AppLayout } from "../shell/app-layout";
import { sessionStore } from "../state/session";

/** Refine resources backed by the data provider (src/providers/data-provider.ts). */
const RESOURCES = [
  { name: "users", meta: { label: "Users" } },
  { name: "ledger", meta: { label: "Quota reports" } },
  { name: "balance-requests", meta: { label: "Balance requests" } },
  { name: "my-balance-requests", meta: { label: "My balance requests" } },
];

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
 * Everything behind login, in one lazy chunk: Refine, react-query, the CASL ability and the shell. The public
 * pages never load it, which keeps the login bundle small.
 */
export function AuthenticatedApp() {
  useClearCacheOnLogout();
  return (
    <QueryClientProvider client={queryClient}>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        notificationProvider={notificationProvider}
        resources={RESOURCES}
        options={{
          reactQuery: { clientConfig: queryClient },
          disableTelemetry: true,
          syncWithLocation: false,
          warnWhenUnsavedChanges: false,
        }}
      >
        <SessionAbilityProvider>
          <RealtimeProvider />
          <AppLayout />
        </SessionAbilityProvider>
      </Refine>
    </QueryClientProvider>
  );
}
