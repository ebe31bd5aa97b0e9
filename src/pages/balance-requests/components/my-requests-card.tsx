import { useTable } from "@refinedev/antd";
import type { HttpError } from "@refinedev/core";
import { Card, Empty, Table, Typography } from "antd";
import type { BalanceRequestRecord } from "../../../../contract";
import { formatDateTime, formatINR } from "../../../shell/format";
import { RequestStatusTag } from "./status-tag";

const tabular = { fontVariantNumeric: "tabular-nums" } as const;

/** The requester's own balance requests (balance.myRequests): status, who decided, and why a rejection. */
export function MyRequestsCard() {
  const { tableProps } = useTable<BalanceRequestRecord, HttpError>({
    resource: "my-balance-requests",
    syncWithLocation: false,
    pagination: { currentPage: 1, pageSize: 5, mode: "server" },
    sorters: { mode: "off" },
    filters: { mode: "off" },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch your balance requests" }),
  });
  return (
    <Card title="Your balance requests" styles={{ body: { padding: 0 } }} style={{ marginBottom: 16 }}>
      <Table<BalanceRequestRecord>
        {...tableProps}
        rowKey="_id"
        size="small"
        scroll={{ x: 560 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: false, size: "small" }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="You have not requested balance yet." />,
        }}
        columns={[
          { title: "Requested", dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
          {
            title: "Amount",
            dataIndex: "amount",
            align: "right",
            render: (v: number) => <span style={tabular}>{formatINR(v)}</span>,
          },
          { title: "Status", dataIndex: "status", render: (_: unknown, r) => <RequestStatusTag status={r.status} /> },
          {
            title: "Decision",
            key: "decision",
            render: (_: unknown, r) =>
              r.status === "pending" ? (
                <Typography.Text type="secondary">Waiting for your account manager</Typography.Text>
              ) : (
                <span>
                  {`${r.status === "approved" ? "Approved" : "Rejected"} by ${r.decidedBy ?? "—"}${r.decidedAt ? ` on ${formatDateTime(r.decidedAt)}` : ""}`}
                  {r.reason && (
                    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                      {`Reason: ${r.reason}`}
                    </Typography.Paragraph>
                  )}
                </span>
              ),
          },
        ]}
      />
    </Card>
  );
}
