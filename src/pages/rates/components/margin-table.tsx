import { Alert, Button, Card, Empty, Table, Typography } from "antd";
import { MSG } from "../../../../contract";
import type { RateMarginRow } from "../../../../contract/calls/rate-cards";
import { useCall } from "../../../api";
import { formatCount, formatINR } from "../../../shell/format";
import { ReportFiltersBar } from "../../common/report-filters/report-filters";
import { useReportFilters } from "../../common/report-filters/use-report-filters";

/**
 * The margin a reseller earned per customer over a period (rateCards.margins): what its customers' campaigns started
 * in the period and their API messages were charged, against the same messages at the reseller's own cost.
 */
export function MarginTable() {
  const filters = useReportFilters();
  const { query } = useCall(
    "rateCards.margins",
    { query: { from: filters.from, to: filters.to } },
    { errorNotification: false },
  );
  const reply = query.data?.data;
  const rows = reply?.data ?? [];
  return (
    <Card title="Margin earned" extra={<ReportFiltersBar filters={filters} channel={false} />}>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={query.error?.message || MSG.somethingWrong}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      <Table<RateMarginRow>
        rowKey="accountId"
        size="small"
        loading={query.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description="No customers yet" /> }}
        columns={[
          { title: "Customer", dataIndex: "username" },
          { title: "Campaigns", dataIndex: "campaigns", width: 120, render: (n: number) => formatCount(n) },
          { title: "API messages", dataIndex: "apiMessages", width: 140, render: (n: number) => formatCount(n) },
          { title: "Charged", dataIndex: "charged", width: 140, render: (v: number) => formatINR(v) },
          { title: "Your cost", dataIndex: "cost", width: 140, render: (v: number) => formatINR(v) },
          {
            title: "Margin",
            dataIndex: "margin",
            width: 140,
            render: (v: number, r) => (
              <Typography.Text strong type={v < 0 ? "danger" : undefined} data-margin-of={r.username}>
                {formatINR(v)}
              </Typography.Text>
            ),
          },
        ]}
        summary={() =>
          reply && rows.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <strong>Total</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3}>{formatINR(reply.total.charged)}</Table.Summary.Cell>
              <Table.Summary.Cell index={4}>{formatINR(reply.total.cost)}</Table.Summary.Cell>
              <Table.Summary.Cell index={5}>
                <strong>{formatINR(reply.total.margin)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Campaigns started in the period, at the rates each was held with, and messages sent through the API in the
        period, at the rate each was priced at.
      </Typography.Paragraph>
    </Card>
  );
}
