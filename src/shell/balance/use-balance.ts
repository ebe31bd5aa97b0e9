import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { DEFAULT_BALANCE, MSG } from "../../../contract";
import { callApi, toMessage } from "../../api";
import { toast } from "../../components/toast";
import { useSession } from "../../state/session";

export const BALANCE_QUERY_KEY = "balance";

export interface BalanceView {
  /** null while the first fetch is under way. */
  balance: number | null;
  loading: boolean;
  refresh: () => Promise<void>;
}

/**
 * The signed-in account's own balance, shared by the user menu, the header, the low-balance banner and pages
 * (one query, so one request and at most one failure toast). SPEC 8: a failure toasts and reads as 0; the
 * reseller shell may show the server's own message instead of the generic one.
 */
export function useBalance(): BalanceView {
  const { user } = useSession();
  const client = useQueryClient();
  const key = [BALANCE_QUERY_KEY, user?._id ?? ""] as const;
  const query = useQuery({
    queryKey: key,
    enabled: Boolean(user?.token),
    staleTime: 30_000,
    queryFn: async (): Promise<number> => {
      try {
        const res = await callApi("balance.get");
        const value = res.balances?.[0]?.balance;
        return typeof value === "number" && Number.isFinite(value) ? value : DEFAULT_BALANCE;
      } catch (err) {
        toast.error(user?.type === "reseller" ? toMessage(err, MSG.fetchBalance) : MSG.fetchBalance);
        return DEFAULT_BALANCE;
      }
    },
  });
  const refresh = useCallback(() => client.invalidateQueries({ queryKey: [BALANCE_QUERY_KEY] }), [client]);
  return { balance: query.data ?? null, loading: query.isPending, refresh };
}
