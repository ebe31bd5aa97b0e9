import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownloadOutlined,
  FileDoneOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import { Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Table, Typography } from "antd";
import { lazy, Suspense } from "react";
import { LEDGER_KINDS as KIND_NAMES, type LedgerKind, type LedgerRow, type QuotaSummary } from "../../../../contract";
import { formatCount, formatINR } from "../../../shell/format";
import { BalanceRequestsTable } from "../../balance-requests/components/requests-table";
import { useAfterFirstPaint } from "../../common/after-paint";
import { AccountPicker } from "../../common/account-picker";
import { LEDGER_KINDS, ledgerColumns } from "../../common/ledger-table";
import { ReportFiltersBar } from "../../common/report-filters/report-filters";
import { StatCard } from "../../dashboard/components/stat-card";
import type { QuotaSeriesKey } from "./quota-chart";
import { useQuota } from "./use-quota";

const QuotaChart = lazy(async () => ({ default: (await import("./quota-chart")).QuotaChart }));
const CHART_HEIGHT = 280;

/** One money chart's card: a skeleton until the first paint and the figures, an empty state for a quiet period. */
function MoneyCard({
  title,
  note,
  keys,
  summary,
  painted,
  quietText,
}: {
  title: string;
  note: string;
  keys: readonly QuotaSeriesKey[];
  summary: QuotaSummary | undefined;
  painted: boolean;
  quietText: string;
}) {
  const quiet = summary !== undefined && summary.series.every((d) => keys.every((k) => d[k] === 0));
  return (
    <Card title={title} extra={<Typography.Text type="secondary">{note}</Typography.Text>} style={{ height: "100%" }}>
      <div style={{ height: CHART_HEIGHT }}>
        {!painted || !summary ? (
          <Skeleton active paragraph={{ rows: 6 }} title={false} />
        ) : quiet ? (
          <Flex align="center" justify="center" style={{ height: "100%" }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={quietText} />
          </Flex>
        ) : (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} title={false} />}>
            <QuotaChart series={summary.series} keys={keys} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}

function Figures({ data, loading }: { data: QuotaSummary | undefined; loading: boolean }) {
  const t = data?.totals;
  const r = data?.requests;
  const money = (v: number | undefined) => (t ? formatINR(v) : "—");
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title="Top-ups"
          value={money(t?.topUps)}
          icon={<ArrowUpOutlined />}
          loading={loading}
          hint="Credits and transfers received in the period"
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title="Deductions"
          value={money(t?.deductions)}
          icon={<ArrowDownOutlined />}
          loading={loading}
          hint="Debits and transfers paid out in the period"
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title="Spend on messages"
          value={money(t?.spent)}
          icon={<WalletOutlined />}
          loading={loading}
          hint={
            t
              ? `Holds ${formatINR(t.held)} · released ${formatINR(t.released)} · balances now ${formatINR(t.balance)}`
              : undefined
          }
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <StatCard
          title="Balance requests"
          value={r ? formatCount(r.pending + r.approved + r.rejected) : "—"}
          icon={<FileDoneOutlined />}
          loading={loading}
          hint={
            r
              ? `${formatCount(r.pending)} pending · ${formatCount(r.approved)} approved (${formatINR(r.approvedAmount)}) · ${formatCount(r.rejected)} rejected`
              : undefined
          }
        />
      </Col>
    </Row>
  );
}

/**
 * Quota reports: the ledger of the caller and the accounts it reaches, by period, account and kind; money in and
 * out per day; CSV export; the balance requests with their outcome (approve and reject where they wait).
 */
export function QuotaView({ accountLabel = "Account" }: { accountLabel?: string }) {
  const q = useQuota();
  const painted = useAfterFirstPaint();
  return (
    <>
      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
        <Flex gap={12} wrap align="center" justify="space-between">
          <Flex gap={8} wrap align="center">
            <ReportFiltersBar filters={q.filters} channel={false} />
            <AccountPicker
              value={q.account}
              onChange={q.setAccount}
              placeholder="All accounts"
              ariaLabel={accountLabel}
            />
            <Select<LedgerKind>
              value={q.kind}
              onChange={(k) => q.setKind(k)}
              allowClear
              placeholder="All kinds"
              aria-label="Kind"
              style={{ width: 180 }}
              options={KIND_NAMES.map((k) => ({ value: k, label: LEDGER_KINDS[k].label }))}
            />
          </Flex>
          <Button icon={<DownloadOutlined />} loading={q.exporting} onClick={() => void q.exportCsv()}>
            Export CSV
          </Button>
        </Flex>
      </Card>
      <Figures data={q.summary} loading={q.summaryLoading} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} xl={12}>
          <MoneyCard
            title="Top-ups and deductions"
            note="per day, in ₹"
            keys={["topUps", "deductions"]}
            summary={q.summary}
            painted={painted}
            quietText="No top-ups or deductions in this period."
          />
        </Col>
        <Col xs={24} xl={12}>
          <MoneyCard
            title="Spend on messages"
            note="per day, in ₹"
            keys={["spent"]}
            summary={q.summary}
            painted={painted}
            quietText="No messages were paid for in this period."
          />
        </Col>
      </Row>
      <Card title="Ledger" styles={{ body: { padding: 0 } }} style={{ marginBottom: 16 }}>
        <Table<LedgerRow>
          {...q.tableProps}
          rowKey="_id"
          columns={ledgerColumns(true)}
          scroll={{ x: 960 }}
          size="middle"
          pagination={{
            ...q.tableProps.pagination,
            showSizeChanger: false,
            showTotal: (t, [a, b]) => `${a}–${b} of ${t}`,
          }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No balance movements match these filters." />
            ),
          }}
        />
      </Card>
      <Card title="Balance requests" styles={{ body: { paddingTop: 8 } }}>
        <BalanceRequestsTable pageSize={10} />
      </Card>
    </>
  );
}
