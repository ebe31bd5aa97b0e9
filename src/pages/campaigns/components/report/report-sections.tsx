import { Alert, Card, Col, Empty, Row, Skeleton, Statistic, Table, Typography } from "antd";
import { lazy, Suspense, useMemo } from "react";
import type { CampaignRecord, CampaignReportRecord } from "../../../../../contract";
import { formatCount, formatINR } from "../../../../shell/format";
import { spentByChannelLabel, waitingLabel } from "../cost-labels";
import { DownloadButton } from "./downloads";
import { errorRows, funnelOf, shapeTimeline, type ErrorRow } from "./report-data";

const FunnelChart = lazy(() => import("./report-charts").then((m) => ({ default: m.FunnelChart })));
const TimelineChart = lazy(() => import("./report-charts").then((m) => ({ default: m.TimelineChart })));
const ErrorChart = lazy(() => import("./report-charts").then((m) => ({ default: m.ErrorChart })));

const chartFallback = (height: number) => <Skeleton.Node active style={{ width: "100%", height }} />;
const tabular = { fontVariantNumeric: "tabular-nums" } as const;

export function FunnelCard({ campaign: c }: { campaign: CampaignRecord }) {
  const stages = funnelOf(c.counts, c.total, c.channel);
  const empty = stages.every((s) => s.count === 0);
  return (
    <Card title="Delivery funnel" aria-label="Delivery funnel">
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing sent yet." />
      ) : (
        <>
          <Suspense fallback={chartFallback(44 * stages.length)}>
            <FunnelChart stages={stages} />
          </Suspense>
          <Typography.Text type="secondary">
            {stages.map((s) => `${s.label} ${s.percent}%`).join(" · ")} of {formatCount(c.total)}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}

export function TimelineCard({
  report,
  channel,
}: {
  report: CampaignReportRecord | undefined;
  channel: CampaignRecord["channel"];
}) {
  const shaped = useMemo(
    () => shapeTimeline(report?.timeline ?? [], undefined, undefined, report?.bucketMinutes),
    [report?.timeline, report?.bucketMinutes],
  );
  let body;
  if (!report) body = chartFallback(280);
  else if (shaped.rows.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No sends or receipts yet." />;
  else
    body = (
      <Suspense fallback={chartFallback(280)}>
        <TimelineChart rows={shaped.rows} showRead={channel !== "sms"} />
      </Suspense>
    );
  return (
    <Card
      title="Timeline"
      extra={
        <Typography.Text type="secondary">
          per {shaped.bucketMinutes === 1 ? "minute" : `${shaped.bucketMinutes} minutes`}
        </Typography.Text>
      }
    >
      {body}
    </Card>
  );
}

export function ErrorsCard({ report }: { report: CampaignReportRecord | undefined }) {
  const rows = useMemo(() => errorRows(report?.errors ?? []), [report?.errors]);
  let body;
  if (!report) body = <Skeleton active />;
  else if (rows.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No failures." />;
  else
    body = (
      <>
        <Suspense fallback={chartFallback(36 * Math.min(rows.length, 8))}>
          <ErrorChart rows={rows} />
        </Suspense>
        <Table<ErrorRow>
          size="small"
          rowKey={(r) => `${r.code ?? ""}|${r.reason}`}
          dataSource={rows}
          pagination={false}
          columns={[
            {
              title: "Reason",
              dataIndex: "reason",
              // The reason's headline, its explanation under it, then what the provider itself said when that differs.
              render: (_: string, r) => (
                <>
                  {r.headline}
                  {r.explanation && (
                    <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                      {r.explanation}
                    </Typography.Text>
                  )}
                  {r.detail && (
                    <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                      Provider: {r.detail}
                    </Typography.Text>
                  )}
                </>
              ),
            },
            { title: "Code", dataIndex: "code", width: 84, render: (v: string | null) => v ?? "—" },
            {
              // The share under the count: a fourth column left the reasons a few words a line in this half card.
              title: "Failed",
              dataIndex: "count",
              align: "right",
              width: 76,
              render: (v: number, r) => (
                <>
                  <span style={tabular}>{formatCount(v)}</span>
                  <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                    {r.percent}%
                  </Typography.Text>
                </>
              ),
            },
          ]}
        />
      </>
    );
  return <Card title="Errors by reason">{body}</Card>;
}

export function CostCard({ campaign: c }: { campaign: CampaignRecord }) {
  const waiting = waitingLabel(c);
  const byChannel = spentByChannelLabel(c);
  return (
    <Card title="Cost">
      {waiting && (
        <Alert type="info" showIcon message={waiting} data-testid="campaign-waiting" style={{ marginBottom: 16 }} />
      )}
      <Row gutter={16}>
        <Col span={8}>
          {/* The title says it is an estimate: the figure stands alone, as Held and Spent do, and fits their line. */}
          <Statistic title="Estimated" value={formatINR(c.cost.estimated)} />
          {c.cost.max > c.cost.estimated && (
            <Typography.Text type="secondary">max {formatINR(c.cost.max)} if messages fail over</Typography.Text>
          )}
        </Col>
        <Col span={8}>
          <Statistic title="Held" value={formatINR(c.cost.held)} />
        </Col>
        <Col span={8}>
          <Statistic title="Spent" value={formatINR(c.cost.spent)} />
        </Col>
      </Row>
      {byChannel && (
        <Typography.Paragraph
          style={{ marginTop: 12, marginBottom: 0 }}
          data-testid="campaign-spent-by-channel"
        >{`Spent ${byChannel}`}</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        The hold is taken at the start; each message settles against it and what is left returns at the end or on
        discard.
      </Typography.Paragraph>
    </Card>
  );
}

export function AudienceCard({
  campaign: c,
  canDownloadRejected,
}: {
  campaign: CampaignRecord;
  canDownloadRejected: boolean;
}) {
  const a = c.audience;
  const source =
    c.source.kind === "paste"
      ? "Pasted numbers"
      : c.source.kind === "segment"
        ? `Segment${c.source.name ? ` ${c.source.name}` : ""}`
        : `${c.source.kind.toUpperCase()} file${c.source.name ? ` ${c.source.name}` : ""}`;
  return (
    <Card title="Audience" extra={<Typography.Text type="secondary">{source}</Typography.Text>}>
      <Row gutter={16}>
        <Col span={6}>
          <Statistic title="Rows read" value={formatCount(a.rowsRead)} />
        </Col>
        <Col span={6}>
          <Statistic title="Valid" value={formatCount(a.valid)} />
        </Col>
        <Col span={6}>
          <Statistic title="Invalid" value={formatCount(a.invalid)} />
        </Col>
        <Col span={6}>
          <Statistic title="Duplicates" value={formatCount(a.duplicates)} />
        </Col>
      </Row>
      {canDownloadRejected && a.invalid + a.duplicates > 0 && (
        <div style={{ marginTop: 12 }}>
          <DownloadButton campaign={c} kind="rejected" type="link" />
        </div>
      )}
    </Card>
  );
}
