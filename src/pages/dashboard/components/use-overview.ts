import type { HttpError } from "@refinedev/core";
import type { DashboardOverview } from "../../../../contract";
import { useCall } from "../../../api";
import type { ReportFilters } from "../../common/report-filters/use-report-filters";

export interface OverviewView {
  data: DashboardOverview | undefined;
  loading: boolean;
  error: HttpError | null;
  retry: () => void;
}

/**
 * The dashboard's figures for the chosen period and channel (dashboard.overview), through the data provider. A
 * change of filters keeps the previous figures on screen until the new ones arrive, so cards do not blink.
 */
export function useOverview(filters: ReportFilters): OverviewView {
  const { query } = useCall(
    "dashboard.overview",
    { query: filters.query },
    { queryOptions: { staleTime: 30_000, placeholderData: (previous) => previous }, errorNotification: false },
  );
  return {
    data: query.data?.data.data,
    loading: query.isPending,
    error: query.error,
    retry: () => void query.refetch(),
  };
}
