import { useTable } from "@refinedev/antd";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { useSearchParams } from "react-router";
import { LEDGER_KINDS, USERS_DEFAULT_LIMIT, type LedgerKind, type LedgerRow } from "../../../../contract";
import { useCall } from "../../../api";
import { useReportFilters } from "../../common/report-filters/use-report-filters";
import { useCallDownload } from "../../common/use-download";
import { useFirstPageOn } from "../../common/use-first-page-on";

const isKind = (value: string | null): value is LedgerKind =>
  value !== null && (LEDGER_KINDS as readonly string[]).includes(value);

/**
 * The quota screen's state: period (URL), account and kind (URL), the summary for the charts and figures
 * (quota.summary), the ledger page (quota.ledger through useTable, page in the URL) and the CSV export.
 */
export function useQuota() {
  const filters = useReportFilters();
  const [params, setParams] = useSearchParams();
  const account = params.get("account") ?? undefined;
  const kind = isKind(params.get("kind")) ? (params.get("kind") as LedgerKind) : undefined;
  const set = (key: "account" | "kind", value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const base = { from: filters.from, to: filters.to, userId: account };
  const { query: summary } = useCall(
    "quota.summary",
    { query: base },
    {
      queryOptions: { staleTime: 30_000, placeholderData: (previous) => previous },
      errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch the quota summary" }),
    },
  );

  const permanent: CrudFilter[] = Object.entries({ ...base, kind })
    .filter(([, value]) => value !== undefined)
    .map(([field, value]) => ({ field, operator: "eq" as const, value }));
  const { tableProps, setCurrentPage } = useTable<LedgerRow, HttpError>({
    resource: "quota",
    syncWithLocation: true,
    pagination: { pageSize: USERS_DEFAULT_LIMIT, mode: "server" },
    filters: { permanent },
    sorters: { mode: "off" },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch the balance ledger" }),
  });

  useFirstPageOn(JSON.stringify([base, kind]), setCurrentPage);
  const exporter = useCallDownload("quota.export");
  return {
    filters,
    account,
    setAccount: (id: string | undefined) => set("account", id),
    kind,
    setKind: (k: LedgerKind | undefined) => set("kind", k),
    summary: summary.data?.data.data,
    summaryLoading: summary.isPending,
    tableProps,
    exporting: exporter.busy,
    exportCsv: () => exporter.download({ ...base, kind }, `ledger-${filters.from}-to-${filters.to}.csv`),
  };
}
