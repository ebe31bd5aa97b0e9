import { Button, Card } from "antd";
import { Link } from "react-router";
import { BalanceRequestsTable } from "../balance-requests/requests-table";

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
      <BalanceRequestsTable />
    </Card>
  );
}
