import { useTable } from "@refinedev/antd";
import type { CrudFilter, HttpError } from "@refinedev/core";
import { Empty, Table, Tag, Typography, type TableColumnsType } from "antd";
import { USERS_DEFAULT_LIMIT } from "../../../contract";
import type { LedgerKind, LedgerRow } from "../../api";
import { formatDateTime, formatINR, formatSignedINR } from "../../shell/format";

export const LEDGER_KINDS: Record<LedgerKind, { label: string; color: string }> = {
  credit: { label: "Credit", color: "green" },
  debit: { label: "Debit", color: "red" },
  transfer_in: { label: "Transfer in", color: "blue" },
  transfer_out: { label: "Transfer out", color: "orange" },
  campaign_hold: { label: "Campaign hold", color: "gold" },
  campaign_release: { label: "Campaign release", color: "cyan" },
  api_message: { label: "API message", color: "purple" },
  api_refund: { label: "API refund", color: "geekblue" },
  rcs_conversation: { label: "RCS conversation", color: "magenta" },
};

const tabular = { fontVariantNumeric: "tabular-nums" } as const;

/** The ledger's columns, with the account's name when rows of several accounts are listed. */
export function ledgerColumns(showAccount: boolean): TableColumnsType<LedgerRow> {
  return [
    { title: "Date", dataIndex: "createdAt", width: 190, render: (v: string) => formatDateTime(v) },
    ...(showAccount ? [{ title: "Account", dataIndex: "username" }] : []),
    {
      title: "Type",
      dataIndex: "kind",
      render: (k: LedgerKind) => <Tag color={LEDGER_KINDS[k]?.color}>{LEDGER_KINDS[k]?.label ?? k}</Tag>,
    },
    {
      title: "Amount",
      dataIndex: "amount",
      align: "right",
      render: (v: number) => (
        <Typography.Text type={v < 0 ? "danger" : "success"} style={tabular}>
          {formatSignedINR(v)}
        </Typography.Text>
      ),
    },
    {
      title: "Balance after",
      dataIndex: "balanceAfter",
      align: "right",
      render: (v: number) => <span style={tabular}>{formatINR(v)}</span>,
    },
    {
      title: "Note",
      dataIndex: "note",
      ellipsis: true,
      render: (v?: string | null) => v || <Typography.Text type="secondary">—</Typography.Text>,
    },
    { title: "By", dataIndex: "actor" },
  ];
}

export interface LedgerTableProps {
  /** Another account's ledger; omitted: the caller's own. */
  userId?: string;
  showAccount?: boolean;
  emptyText?: string;
}

/** Balance ledger rows (balance.ledger through the "ledger" resource), paginated on the server. */
export function LedgerTable({
  userId,
  showAccount = false,
  emptyText = "No balance movements yet.",
}: LedgerTableProps) {
  const permanent: CrudFilter[] = userId ? [{ field: "userId", operator: "eq", value: userId }] : [];
  const { tableProps } = useTable<LedgerRow, HttpError>({
    resource: "ledger",
    // The page lives in the URL (a reload or a shared link keeps it); the account filter is permanent, not in it.
    syncWithLocation: true,
    pagination: { pageSize: USERS_DEFAULT_LIMIT, mode: "server" },
    filters: { permanent },
    sorters: { mode: "off" },
    errorNotification: (err) => ({ type: "error", message: err?.message || "Failed to fetch the balance ledger" }),
  });
  return (
    <Table<LedgerRow>
      {...tableProps}
      rowKey="_id"
      columns={ledgerColumns(showAccount)}
      scroll={{ x: 860 }}
      size="middle"
      pagination={{ ...tableProps.pagination, showSizeChanger: false, showTotal: (t, [a, b]) => `${a}–${b} of ${t}` }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
    />
  );
}
