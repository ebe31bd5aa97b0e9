import { Empty, Table, Tag } from "antd";
import type { RateCardAuditRow as AuditRow } from "../../../../contract/calls/rate-cards";
import { formatDateTime, formatINR } from "../../../shell/format";
import { RATE_KEYS_LABELS } from "./rate-labels";
import type { RateCardState } from "./use-rate-card";

/** How the SMS rate's basis reads in the history (the global card's Settings → Message rates words). */
const BASIS: Readonly<Record<string, string>> = { submitted: "submission", delivered: "delivery" };
const LABELS = new Map<string, string>(RATE_KEYS_LABELS);
const SCOPES: Record<AuditRow["scope"], string> = {
  account: "Own card",
  customers: "Customers' default",
  global: "Global",
};

/** The changes of a card, newest first: who, when, which rate, old → new, and from when. */
export function RateCardHistory({ audit, withAccount }: { audit: RateCardState["audit"]; withAccount?: boolean }) {
  return (
    <Table<AuditRow>
      rowKey="id"
      size="small"
      title={withAccount ? undefined : () => <strong>History of changes</strong>}
      dataSource={audit.rows}
      loading={audit.loading}
      pagination={{
        current: audit.page,
        pageSize: audit.pageSize,
        total: audit.total,
        onChange: audit.setPage,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
      locale={{ emptyText: <Empty description="No change yet" /> }}
      columns={[
        { title: "When", dataIndex: "at", width: 190, render: (iso: string) => formatDateTime(iso) },
        { title: "By", dataIndex: "actor", width: 120, render: (a: string | null) => a ?? "—" },
        ...(withAccount
          ? [{ title: "Account", dataIndex: "account", width: 130, render: (a: string | null) => a ?? "All (global)" }]
          : []),
        { title: "Card", dataIndex: "scope", width: 150, render: (s: AuditRow["scope"]) => <Tag>{SCOPES[s]}</Tag> },
        { title: "Rate", dataIndex: "key", render: (k: string) => LABELS.get(k) ?? k },
        {
          title: "Old → new",
          key: "change",
          width: 170,
          render: (_, r) => {
            const rate = `${r.oldRupees === null ? "—" : formatINR(r.oldRupees)} → ${formatINR(r.newRupees)}`;
            if (!r.newBilledOn || r.oldBilledOn === r.newBilledOn) return rate;
            return `${rate}; billed on ${BASIS[r.oldBilledOn ?? ""] ?? "—"} → ${BASIS[r.newBilledOn] ?? r.newBilledOn}`;
          },
        },
        {
          title: "Effective from",
          dataIndex: "effectiveFrom",
          width: 190,
          render: (iso: string) => formatDateTime(iso),
        },
      ]}
    />
  );
}
