import { Card } from "antd";
import { useState } from "react";
import { useCall } from "../../../api";
import { RateCardHistory } from "./rate-card-history";

const PAGE_SIZE = 10;

/** Every change of any rate (the global card's and every account's), newest first: the admin's audit trail. */
export function GlobalRateHistory() {
  const [page, setPage] = useState(1);
  const { query } = useCall(
    "rateCards.globalAudit",
    { query: { page, limit: PAGE_SIZE } },
    { errorNotification: false },
  );
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
