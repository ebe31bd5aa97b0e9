import { useEffect, useState } from "react";
import { roleMayCall, useCall } from "../../../../api";
import { useSession } from "../../../../state/session";

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * The campaigns a picker offers: the newest 20, or those found by name, template or sender as the person types (the
 * text stays in state and the call's query, never in the page URL). A role without the search call (a department
 * head) filters the newest by name instead.
 */
export function useCampaignSearch() {
  const role = useSession().user?.type ?? "user";
  const [typed, setTyped] = useState("");
  const text = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const searching = text.length > 0 && roleMayCall(role, "campaigns.search");

  const recent = useCall(
    "campaigns.list",
    { query: { page: 1, limit: 20 } },
    { queryOptions: { enabled: !searching }, errorNotification: false },
  ).query;
  const found = useCall(
    "campaigns.search",
    { query: { query: text } },
    { queryOptions: { enabled: searching }, errorNotification: false },
  ).query;

  const active = searching ? found : recent;
  const campaigns = active.data?.data.campaigns ?? [];
  const shown =
    searching || !text ? campaigns : campaigns.filter((c) => c.name.toLowerCase().includes(text.toLowerCase()));
  return { text, setTyped, campaigns: shown, query: active };
}
