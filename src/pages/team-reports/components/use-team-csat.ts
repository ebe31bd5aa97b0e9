import { useEffect, useState } from "react";
import { useCall } from "../../../api/use-call";

export const TEAM_CSAT_PAGE_SIZE = 10;

/**
 * Team Reports' CSAT card: the period's days (the page's filters; the channel filter names campaign channels and does
 * not apply to chat surveys) and its own page, back to the first when the period changes.
 */
export function useTeamCsat(period: { from: string; to: string }) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [period.from, period.to]);
  const { query } = useCall(
    "dashboard.teamCsat",
    { query: { from: period.from, to: period.to, page, limit: TEAM_CSAT_PAGE_SIZE } },
    {
      queryOptions: { placeholderData: (previous) => previous },
      errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch customer satisfaction" }),
    },
  );
  const reply = query.data?.data;
  return {
    rows: reply?.data ?? [],
    totals: reply?.totals,
    count: reply?.count ?? 0,
    page,
    setPage,
    loading: query.isLoading || query.isFetching,
  };
}
