import { useState } from "react";
import { LOG_LIMIT_DEFAULT } from "../../../../contract/domain/message-log";
import type { MessageLogRow } from "../../../../contract";
import type { CallQuery } from "../../../../contract/calls";
import type { Static } from "@sinclair/typebox";
import { useCall } from "../../../api";

export type LogRow = Static<typeof MessageLogRow>;

/** The search form's values, as the calls take them (instants already converted from the picked days). */
export type LogSearch = Omit<CallQuery<"messageLog.list">, "cursor" | "limit">;

const clean = (s: LogSearch) =>
  Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined && v !== "")) as LogSearch;

/**
 * The log's state: the filters (kept in memory, never in the URL: SPEC 5's guard would read a typed id as an
 * attack) and the pages loaded so far ("Load more" asks for the next cursor; the rows before it are kept); the
 * export (use-log-export.ts) takes the same filters. `accountId` switches to an operator's calls over one customer.
 */
export function useMessageLog(initial: LogSearch, accountId?: string) {
  const [search, setSearchState] = useState<LogSearch>(clean(initial));
  const [cursor, setCursor] = useState<string | undefined>();
  const [earlier, setEarlier] = useState<LogRow[]>([]);
  const paging = { ...(cursor ? { cursor } : {}), limit: LOG_LIMIT_DEFAULT };
  const own = useCall(
    "messageLog.list",
    { query: { ...search, ...paging } },
    { queryOptions: { enabled: accountId === undefined }, errorNotification: false },
  );
  const account = useCall(
    "messageLog.accountList",
    { query: { ...search, ...paging, accountId: accountId ?? "" } },
    { queryOptions: { enabled: Boolean(accountId) }, errorNotification: false },
  );
  const query = accountId === undefined ? own.query : account.query;
  const page = query.data?.data;
  const rows = [...earlier, ...(page?.data ?? [])];
  return {
    search,
    rows,
    loading: query.isFetching,
    firstLoad: query.isPending && earlier.length === 0,
    isError: query.isError,
    error: query.error?.message,
    refetch: () => void query.refetch(),
    hasMore: Boolean(page?.nextCursor),
    loadMore: () => {
      if (!page?.nextCursor) return;
      setEarlier(rows);
      setCursor(page.nextCursor);
    },
    setSearch: (next: LogSearch) => {
      setSearchState(clean(next));
      setCursor(undefined);
      setEarlier([]);
    },
  };
}
