import { CheckOutlined, CloseOutlined } from "@ant-design/icons";
import { useList, type HttpError } from "@refinedev/core";
import { Button, Empty, Flex, Segmented, Space, Typography } from "antd";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import type { BalanceRequestRecord, Role } from "../../../../contract";
import { formatDateTime, formatINR } from "../../../shell/format";
import { areaPath } from "../../../shell/navigation/nav-items";
import { RequestStatusTag } from "../../balance-requests/components/status-tag";
import { useDecideRequest } from "../../balance-requests/components/use-decide-request";
import { MiniTable, type MiniColumn } from "./mini-table";

// The dialogs (antd Form, Alert, Descriptions) load on the first Approve or Reject click.
const ApproveDialog = lazy(async () => ({
  default: (await import("../../balance-requests/components/decide-dialogs")).ApproveDialog,
}));
const RejectDialog = lazy(async () => ({
  default: (await import("../../balance-requests/components/decide-dialogs")).RejectDialog,
}));

type View = "pending" | "all";
type Dialog = { kind: "approve" | "reject"; request: BalanceRequestRecord } | null;

/** Where every request is listed with paging: the quota screen of the role. */
export function quotaPath(role: Role): string {
  if (role === "admin") return areaPath(role, "quota-reports");
  if (role === "reseller") return areaPath(role, "quota-management");
  return `${areaPath(role, "quota-reports-management")}?tab=quota`;
}

/**
 * The latest balance requests of the caller's sub-accounts, pending first by default, each pending one with Approve
 * and Reject (the same dialogs and calls as the quota screen, which lists them all with paging).
 */
export function BalanceRequestsList({ role }: { role: Role }) {
  const [view, setView] = useState<View>("pending");
  const [dialog, setDialog] = useState<Dialog>(null);
  const decide = useDecideRequest();
  const { result, query } = useList<BalanceRequestRecord, HttpError>({
    resource: "balance-requests",
    pagination: { currentPage: 1, pageSize: 5, mode: "server" },
    filters: view === "pending" ? [{ field: "status", operator: "eq", value: "pending" }] : [],
    queryOptions: { placeholderData: (previous) => previous },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch balance requests" }),
  });
  const close = () => setDialog(null);
  const settle = (work: Promise<void>) => work.then(close, () => undefined);
  const columns: MiniColumn<BalanceRequestRecord>[] = [
    { key: "account", title: "Account", render: (r) => <Typography.Text strong>{r.username}</Typography.Text> },
    { key: "amount", title: "Amount", align: "right", render: (r) => formatINR(r.amount) },
    { key: "requested", title: "Requested", render: (r) => formatDateTime(r.createdAt) },
    {
      key: "status",
      title: "Status",
      width: "28%",
      render: (r) => (
        <span title={r.reason || undefined}>
          <RequestStatusTag status={r.status} />
          {r.decidedBy && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {`by ${r.decidedBy}${r.reason ? `: ${r.reason}` : ""}`}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: "actions",
      title: "Actions",
      align: "right",
      width: 190,
      render: (r) =>
        r.status === "pending" ? (
          <Space size={4}>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              onClick={() => setDialog({ kind: "approve", request: r })}
            >
              Approve
            </Button>
            <Button
              size="small"
              danger
              icon={<CloseOutlined />}
              onClick={() => setDialog({ kind: "reject", request: r })}
            >
              Reject
            </Button>
          </Space>
        ) : null,
    },
  ];
  const total = result.total ?? 0;
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
      {!query.isPending && (
        <MiniTable
          label="Balance requests"
          columns={columns}
          rows={result.data}
          rowKey={(r) => r._id}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={view === "pending" ? "No requests waiting for you." : "No balance requests."}
            />
          }
        />
      )}
      {total > result.data.length && (
        <Link to={quotaPath(role)} style={{ display: "inline-block", marginTop: 8 }}>
          All {total} {view === "pending" ? "pending requests" : "requests"} on the quota screen
        </Link>
      )}
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
