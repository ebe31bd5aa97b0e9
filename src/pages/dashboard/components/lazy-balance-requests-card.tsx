import { Skeleton } from "antd";
import { lazy, Suspense } from "react";

/**
 * Its table (antd Table through Refine's useTable) is the dashboard's heaviest part: both dashboards load it after
 * the first view. Every dashboard imports it from here, so no static import keeps it in the dashboard's chunk.
 */
const BalanceRequestsCard = lazy(async () => ({ default: (await import("./balance-requests-card")).BalanceRequestsCard }));

export function LazyBalanceRequestsCard({ usersPath }: { usersPath: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <BalanceRequestsCard usersPath={usersPath} />
    </Suspense>
  );
}
