import { useTable } from "@refinedev/antd";
import { useInvalidate, type CrudFilter, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, PAGE_DEFAULTS, type CampaignChannel, type CampaignRecord } from "../../../../contract";
import type { CampaignStatus } from "../../../../contract/domain/campaigns";
import { useCall, useCallMutation } from "../../../api";
import { useAbility } from "../../../providers";
import { useSession } from "../../../state/session";
import { campaignListPage, listFailureMessage, mergeCampaign } from "./campaign-progress";
import { useCampaignProgress } from "./use-campaign-progress";

export type CampaignAction = "pause" | "resume" | "discard" | "operatorDiscard";

/** Each table action's call: it takes the campaign's id in its path and answers the saved campaign. */
const ACTION_CALL = {
  pause: "campaigns.pause",
  resume: "campaigns.resume",
  discard: "campaigns.discard",
  operatorDiscard: "campaigns.operatorDiscard",
} as const satisfies Record<CampaignAction, string>;
type ActionCall = (typeof ACTION_CALL)[CampaignAction];

const DONE: Record<CampaignAction, string> = {
  pause: "Campaign paused",
  resume: "Campaign resumed",
  discard: "Campaign discarded",
  operatorDiscard: "Campaign discarded",
};

export interface CampaignFilters {
  status?: CampaignStatus;
  channel: CampaignChannel | "all";
  templateName?: string;
  userId?: string;
}

/**
 * State and actions of a campaigns table (Campaign Management, the operators' Campaigns, Unified Campaigns): the
 * server-paged list (page and sort in the URL), its filters, a search over campaigns.search, live progress by
 * campaign id, and pause / resume / discard whose answers change the row locally by id before the list refetches.
 */
export function useCampaignsList(opts: { syncWithLocation?: boolean } = {}) {
  const user = useSession().user;
  const ability = useAbility();
  const isOperator = user?.type === "admin" || user?.type === "reseller";
  const canSearch = ability.can("call", "campaigns.search");
  // Department heads see their campaigns but pause, resume and discard are the owners' (users and managers).
  const canControl = ability.can("call", isOperator ? "campaigns.operatorDiscard" : "campaigns.pause");
  const [filters, setFilters] = useState<CampaignFilters>({ channel: "all" });
  const [search, setSearch] = useState("");
  const [saved, setSaved] = useState<Record<string, CampaignRecord>>({});
  const invalidate = useInvalidate();
  const failure = listFailureMessage(filters.channel);

  const permanent: CrudFilter[] = [
    { field: "status", operator: "eq", value: filters.status },
    { field: "channel", operator: "eq", value: filters.channel === "all" ? undefined : filters.channel },
    { field: "templateName", operator: "eq", value: filters.templateName || undefined },
    { field: "userIds", operator: "eq", value: filters.userId },
  ];
  const { tableProps, tableQuery, setCurrentPage } = useTable<CampaignRecord, HttpError>({
    resource: "campaigns",
    syncWithLocation: opts.syncWithLocation ?? true,
    pagination: { pageSize: PAGE_DEFAULTS.limit, mode: "server" },
    filters: { permanent },
    sorters: { mode: "server" },
    // The failure shows in the page's Alert with Retry (SPEC 8's words), not twice as a toast too.
    errorNotification: false,
  });

  // Search answers at most 20 campaigns by name, template or sender, unpaged: it replaces the table while typed.
  const { query: searchQuery } = useCall(
    "campaigns.search",
    { query: { query: search } },
    { queryOptions: { enabled: canSearch && search.length > 0 }, errorNotification: false },
  );

  const page = campaignListPage(tableQuery.data);
  const searching = search.length > 0;
  const source: CampaignRecord[] = searching ? (searchQuery.data?.data.campaigns ?? []) : page.rows;
  const progress = useCampaignProgress(source.map((r) => r._id));
  const rows = source.map((r) => mergeCampaign(r, saved[r._id], progress[r._id]));

  const mutation = useCallMutation<ActionCall>("campaigns.pause");
  const act = async (action: CampaignAction, campaign: CampaignRecord) => {
    try {
      const res = await mutation.mutateAsync({
        call: ACTION_CALL[action],
        params: { id: campaign._id },
        body: {},
        successNotification: () => ({ type: "success", message: DONE[action], description: campaign.name }),
        errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
      });
      const record = res.data;
      if (record?._id) setSaved((s) => ({ ...s, [record._id]: record }));
      await invalidate({ resource: "campaigns", invalidates: ["list"] });
      return true;
    } catch {
      // The error notification has told the person; the row keeps its status.
      return false;
    }
  };

  const refilter = (patch: Partial<CampaignFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setCurrentPage(1);
  };

  return {
    isOperator,
    canSearch,
    canControl,
    rows,
    tableProps: {
      ...tableProps,
      dataSource: rows,
      loading: searching ? searchQuery.isFetching : tableProps.loading,
      pagination: searching
        ? false
        : tableProps.pagination && { ...tableProps.pagination, total: page.total, showSizeChanger: false },
    },
    total: searching ? rows.length : page.total,
    totalPages: page.totalPages,
    isError: searching ? searchQuery.isError : tableQuery.isError,
    errorMessage: failure,
    errorDetail: (searching ? searchQuery.error : tableQuery.error)?.message,
    refetch: () => (searching ? searchQuery.refetch() : tableQuery.refetch()),
    filters,
    refilter,
    filtered: Boolean(
      filters.status || filters.channel !== "all" || filters.templateName || filters.userId || searching,
    ),
    search,
    setSearch: (value: string) => setSearch(value.trim()),
    busy: mutation.isPending,
    act,
  };
}

export type CampaignsListModel = ReturnType<typeof useCampaignsList>;
