import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { Button, Empty, Flex, Segmented, Space, Table, Typography, type TableColumnsType } from "antd";
import { lazy, Suspense, useState } from "react";
import type { BalanceRequestRecord } from "../../../../contract";
import { formatDateTime, formatINR } from "../../../shell/format";
import { useSession } from "../../../state/session";
import { RequestStatusTag } from "./status-tag";
import { useDecideRequest } from "./use-decide-request";

// The dialogs (antd Form, Alert, Descriptions) load on the first Approve or Reject click, not with the dashboard.
const ApproveDialog = lazy(async () => ({ default: (await import("./decide-dialogs")).ApproveDialog }));
const RejectDialog = lazy(async () => ({ default: (await import("./decide-dialogs")).RejectDialog }));

type View = "pending" | "all";
type Dialog = { kind: "approve" | "reject"; request: BalanceRequestRecord } | null;

const tabular = { fontVariantNumeric: "tabular-nums" } as const;

function columns(onDecide: (d: NonNullable<Dialog>) => void): TableColumnsType<BalanceRequestRecord> {
  return [
    { title: "Account", dataIndex: "username", render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    {
      title: "Amount",
      dataIndex: "amount",
      align: "right",
      render: (v: number) => <span style={tabular}>{formatINR(v)}</span>,
    },
    { title: "Requested", dataIndex: "createdAt", render: (v: string) => formatDateTime(v) },
    {
      title: "Status",
      dataIndex: "status",
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          <RequestStatusTag status={r.status} />
          {r.decidedBy && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`by ${r.decidedBy}`}
              {r.reason ? `: ${r.reason}` : ""}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: "Actions",
      key: "actions",
      align: "right",
      render: (_: unknown, r) =>
        r.status === "pending" ? (
          <Space size={4} wrap>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => onDecide({ kind: "approve", request: r })}
            >
              Approve
            </Button>
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              onClick={() => onDecide({ kind: "reject", request: r })}
            >
              Reject
            </Button>
          </Space>
        ) : null,
    },
  ];
}

/**
 * Balance requests of the caller's sub-accounts (balance.requests), pending first by default, each pending one
 * with Approve and Reject. Used by the operator dashboard card and the quota screens.
 */
export function BalanceRequestsTable({ pageSize = 5 }: { pageSize?: number }) {
  const role = useSession().user?.type ?? "user";
  const [view, setView] = useState<View>("pending");
  const [dialog, setDialog] = useState<Dialog>(null);
  const decide = useDecideRequest();
  // Always one status filter (undefined for all): Refine keeps a permanent filter that disappears from the list.
  const permanent: CrudFilter[] = [
    { field: "status", operator: "eq", value: view === "pending" ? "pending" : undefined },
  ];
  const { tableProps } = useTable<BalanceRequestRecord, HttpError>({
    resource: "balance-requests",
    syncWithLocation: false,
    pagination: { currentPage: 1, pageSize, mode: "server" },
    sorters: { mode: "off" },
    filters: { permanent },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch balance requests" }),
  });
  const close = () => setDialog(null);
  const settle = (work: Promise<void>) => work.then(close, () => undefined);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">Requests from the accounts you manage, newest first.</Typography.Text>
        <Segmented<View>
          size="small"
          value={view}
          onChange={setView}
          options={[
            { label: "Pending", value: "pending" },
            { label: "All", value: "all" },
          ]}
          aria-label="Which balance requests"
        />
      </Flex>
      <Table<BalanceRequestRecord>
        {...tableProps}
        rowKey="_id"
        size="small"
        scroll={{ x: 640 }}
        pagination={{ ...tableProps.pagination, showSizeChanger: false, size: "small" }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={view === "pending" ? "No requests waiting for you." : "No balance requests."}
            />
          ),
        }}
        columns={columns(setDialog)}
      />
      <Suspense fallback={null}>
        {dialog?.kind === "approve" && (
          <ApproveDialog
            role={role}
            request={dialog.request}
            busy={decide.busy}
            onCancel={close}
            onConfirm={() => void settle(decide.approve(dialog.request))}
          />
        )}
        {dialog?.kind === "reject" && (
          <RejectDialog
            request={dialog.request}
            busy={decide.busy}
            onCancel={close}
            onConfirm={(reason) => void settle(decide.reject(dialog.request, reason))}
          />
        )}
      </Suspense>
    </>
  );
}
