import { useTable } from "@refinedev/antd";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useState } from "react";
import { USERS_DEFAULT_LIMIT, type TeamRow } from "../../../../contract";
import { useReportFilters } from "../../common/report-filters/use-report-filters";
import { useCallDownload } from "../../common/use-download";
import { useFirstPageOn } from "../../common/use-first-page-on";

/**
 * Team Reports' state: period and channel (URL), a free-text search (kept out of the URL: its guard would read
 * "Mother's Day" as an attack), sort and page (URL, through useTable), and the CSV export in the same order.
 */
export function useTeamReport() {
  const filters = useReportFilters();
  const [search, setSearch] = useState("");
  const permanent: CrudFilter[] = [
    ...Object.entries(filters.query).map(([field, value]) => ({ field, operator: "eq" as const, value })),
    ...(search ? [{ field: "search", operator: "contains" as const, value: search }] : []),
  ];
  const { tableProps, sorters, tableQuery, setCurrentPage } = useTable<TeamRow, HttpError>({
    resource: "team-reports",
    syncWithLocation: true,
    pagination: { pageSize: USERS_DEFAULT_LIMIT, mode: "server" },
    filters: { permanent },
    sorters: { mode: "server", initial: [{ field: "messages", order: "desc" }] },
    queryOptions: { placeholderData: (previous) => previous },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch the team report" }),
  });
  useFirstPageOn(JSON.stringify([filters.query, search]), setCurrentPage);
  const exporter = useCallDownload("dashboard.teamExport");
  const [sort] = sorters;
  return {
    filters,
    search,
    setSearch,
    tableProps,
    sorters,
    total: tableQuery.data?.total ?? 0,
    exporting: exporter.busy,
    exportCsv: () =>
      exporter.download(
        { ...filters.query, search: search || undefined, sort: sort?.field, order: sort?.order },
        `team-report-${filters.from}-to-${filters.to}.csv`,
      ),
  };
}
