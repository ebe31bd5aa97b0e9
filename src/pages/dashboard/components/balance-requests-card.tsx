import { Button, Card, Skeleton } from "antd";
import { lazy, Suspense } from "react";
import { Link } from "react-router";

// Below the fold of the first signed-in view: its table and actions load after the dashboard has drawn.
const BalanceRequestsTable = lazy(async () => ({ default: (await import("../../balance-requests/components/requests-table")).BalanceRequestsTable }));

/** Balance requests raised by the caller's sub-accounts, to approve or reject where they are listed. */
export function BalanceRequestsCard({ usersPath }: { usersPath: string }) {
  return (
    <Card
      title="Balance requests"
      extra={
        <Link to={usersPath}>
          <Button type="link" size="small">
            Top up in Users
          </Button>
        </Link>
      }
      styles={{ body: { paddingTop: 8 } }}
    >
      <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
        <BalanceRequestsTable />
      </Suspense>
    </Card>
  );
}
