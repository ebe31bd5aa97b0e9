import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Button, Card, Empty, Table, Tag, Typography } from "antd";
import { Link } from "react-router";
import type { BalanceRequestRow } from "../../../api";
import { formatDateTime, formatINR } from "../../../shell/format";

const STATUS_COLORS: Record<string, string> = { pending: "gold", approved: "green", fulfilled: "green", rejected: "red" };

/** Balance requests raised by the caller's sub-accounts (balance.requests), newest first. */
export function BalanceRequestsCard({ usersPath }: { usersPath: string }) {
  const { tableProps } = useTable<BalanceRequestRow, HttpError>({
    resource: "balance-requests",
    syncWithLocation: false,
    pagination: { currentPage: 1, pageSize: 5, mode: "server" },
    sorters: { mode: "off" },
    filters: { mode: "off" },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch balance requests" }),
  });
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
      <Typography.Paragraph type="secondary">Requests from your accounts, newest first.</Typography.Paragraph>
      <Table<BalanceRequestRow>
        {...tableProps}
        rowKey="_id"
        size="small"
        pagination={{ ...tableProps.pagination, showSizeChanger: false, size: "small" }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No balance requests." /> }}
        columns={[
          { title: "Account", dataIndex: "username", render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
          {
            title: "Amount",
            dataIndex: "amount",
            align: "right",
            render: (v: number) => <span style={{ fontVariantNumeric: "tabular-nums" }}>{formatINR(v)}</span>,
          },
          { title: "Requested", dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
          {
            title: "Status",
            dataIndex: "status",
            render: (v: string) => <Tag color={STATUS_COLORS[v] ?? "default"}>{v.charAt(0).toUpperCase() + v.slice(1)}</Tag>,
          },
        ]}
      />
    </Card>
  );
}
