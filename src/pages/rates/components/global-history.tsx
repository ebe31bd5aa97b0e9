import { Card } from "antd";
import { useEffect, useState } from "react";
import { useCall } from "../../../api";
import { RateCardHistory } from "./rate-card-history";

const PAGE_SIZE = 10;

/**
 * Every change of any rate (the global card's and every account's), newest first: the admin's audit trail. `version`
 * moves when the page saved a change, and the list is read again.
 */
export function GlobalRateHistory({ version }: { version: number }) {
  const [page, setPage] = useState(1);
  const { query } = useCall(
    "rateCards.globalAudit",
    { query: { page, limit: PAGE_SIZE } },
    { errorNotification: false },
  );
  const { refetch } = query;
  useEffect(() => {
    if (version > 0) void refetch();
  }, [version, refetch]);
  const reply = query.data?.data;
  return (
    <Card title="Every rate change" style={{ marginTop: 16 }}>
      <RateCardHistory
        withAccount
        audit={{
          rows: reply?.data ?? [],
          total: reply?.count ?? 0,
          page,
          pageSize: PAGE_SIZE,
          setPage,
          loading: query.isFetching,
        }}
      />
    </Card>
  );
}
