import { AbilityProvider, useAbility as useCaslAbility } from "@casl/react";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";
import { isModuleName, type AppAbility, type ModuleName } from "../../contract";
import { callApi, toMessage } from "../api";
import { toast } from "../components/toast";
import { useSession } from "../state/session";
import { abilityFor } from "./ability";

export const modulesQueryKey = (token: string | undefined) => ["permissions.modules", token ?? ""] as const;

/** The caller's module permissions, fetched once per token and cached by react-query. */
export function useModules(): UseQueryResult<ModuleName[], Error> {
  const { user } = useSession();
  const query = useQuery({
    queryKey: modulesQueryKey(user?.token),
    enabled: Boolean(user?.token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
    queryFn: async ({ signal }) => {
      const res = await callApi("permissions.modules", { signal });
      return (res.modulePermissions ?? []).map((m) => m.moduleName).filter(isModuleName);
    },
  });
  const { error } = query;
  useEffect(() => {
    // SPEC 8: a permission fetch failure is an error toast with the error's message.
    if (error) toast.error(toMessage(error));
  }, [error]);
  return query;
}

/** Provides the session's CASL ability to `<Can>` and `useAbility()`. */
export function SessionAbilityProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { data: modules } = useModules();
  const ability = useMemo(() => abilityFor(user?.type, user?.token, modules ?? []), [user?.type, user?.token, modules]);
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}

/** The session's ability: `useAbility().can('use', 'campaign')`, `can('call', 'users.list')`. */
export function useAbility(): AppAbility {
  return useCaslAbility<AppAbility>();
}
