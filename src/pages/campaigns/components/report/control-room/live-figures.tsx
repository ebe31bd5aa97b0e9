import { Col, Empty, Flex, Progress, Row, Skeleton, Statistic, Typography } from "antd";
import { lazy, Suspense } from "react";
import {
  THROUGHPUT_BUCKET_SECONDS,
  THROUGHPUT_NOW_SECONDS,
  THROUGHPUT_WINDOW_SECONDS,
} from "../../../../../../contract/domain/control-room";
import { formatCount, formatDateTime, formatINR } from "../../../../../shell/format";
import {
  anyThroughput,
  donePercent,
  etaClock,
  etaWords,
  formatRate,
  spentPercent,
  throughputRows,
  type CampaignLive,
} from "./control-room-data";

// recharts comes with report-charts, loaded when the chart first draws (never in the first signed-in view).
const ThroughputChart = lazy(() => import("../report-charts").then((m) => ({ default: m.ThroughputChart })));

const tabular = { fontVariantNumeric: "tabular-nums" } as const;

/** The ETA's figure and its line below: a time left and a clock time, or why there is none. */
function etaOf(live: CampaignLive, scheduledAt: string | null): { value: string; note: string } {
  if (live.status === "scheduled")
    return { value: "Not started", note: scheduledAt ? `Starts ${formatDateTime(scheduledAt)}` : "Waits for its time" };
  if (live.status === "paused") return { value: "Paused", note: `${formatCount(live.waiting)} waiting` };
  const words = etaWords(live.etaSeconds);
  const clock = etaClock(live.etaSeconds, live.at);
  if (!words || live.waiting === 0) return { value: "Finishing", note: "Nothing waits to be sent" };
  return { value: words, note: clock ? `done by ${clock}` : "" };
}

/** Throughput now and on average, the ETA, and done of total; `ended`: the average and the totals only. */
export function LiveFigures({
  live,
  scheduledAt,
  ended = false,
}: {
  live: CampaignLive;
  scheduledAt: string | null;
  ended?: boolean;
}) {
  const eta = etaOf(live, scheduledAt);
  const percent = donePercent(live.done, live.total);
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {!ended && (
          <Col xs={12} md={6}>
            <Statistic title="Throughput now" value={formatRate(live.throughput.now)} valueStyle={tabular} />
            <Typography.Text type="secondary">last {THROUGHPUT_NOW_SECONDS} seconds</Typography.Text>
          </Col>
        )}
        <Col xs={12} md={6}>
          <Statistic title="Average" value={formatRate(live.throughput.average)} valueStyle={tabular} />
          <Typography.Text type="secondary">while sending</Typography.Text>
        </Col>
        {!ended && (
          <Col xs={24} md={6}>
            <Statistic title="Time left" value={eta.value} data-testid="control-room-eta" />
            <Typography.Text type="secondary" data-testid="control-room-eta-clock">
              {eta.note}
            </Typography.Text>
          </Col>
        )}
        <Col xs={24} md={ended ? 18 : 6}>
          <Statistic
            title="Done"
            value={`${formatCount(live.done)} of ${formatCount(live.total)}`}
            valueStyle={tabular}
            data-testid="control-room-done"
          />
          <Typography.Text type="secondary">{formatCount(live.waiting)} waiting</Typography.Text>
        </Col>
      </Row>
      {/* After the end the page's own bar above says it; while it moves this one goes with the figures beside it. */}
      {!ended && (
        <Progress
          percent={percent}
          aria-label={`Done: ${formatCount(live.done)} of ${formatCount(live.total)}`}
          status={live.status === "running" ? "active" : "normal"}
        />
      )}
    </Flex>
  );
}

/** Messages per second over the last minutes, in buckets, with the throttle as a line. */
export function ThroughputSection({ live }: { live: CampaignLive }) {
  const series = live.throughput.series;
  // Sixty rows, labelled in the display zone as it is now (each reply renders them anyway).
  const rows = throughputRows(series);
  return (
    <section aria-labelledby="control-room-throughput">
      <Flex justify="space-between" align="baseline" wrap>
        <Typography.Title level={5} id="control-room-throughput" style={{ marginTop: 0 }}>
          Throughput
        </Typography.Title>
        <Typography.Text type="secondary">
          last {THROUGHPUT_WINDOW_SECONDS / 60} minutes, per {THROUGHPUT_BUCKET_SECONDS} seconds
        </Typography.Text>
      </Flex>
      {anyThroughput(series) ? (
        <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 220 }} />}>
          <ThroughputChart rows={rows} throttle={live.throttle.perSecond} />
        </Suspense>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing sent in the last minutes." />
      )}
    </section>
  );
}

/** Spent so far against the estimate, in rupees (Indian grouping), with a bar when there is an estimate. */
export function CostLine({ cost }: { cost: CampaignLive["cost"] }) {
  const share = spentPercent(cost.spent, cost.estimated);
  return (
    <Flex vertical gap={4} data-testid="control-room-cost">
      <Typography.Text>
        <Typography.Text strong style={tabular}>
          {formatINR(cost.spent)}
        </Typography.Text>{" "}
        spent
        {cost.estimated !== null && (
          <>
            {" "}
            of <span style={tabular}>{formatINR(cost.estimated)}</span> estimated
          </>
        )}
      </Typography.Text>
      {share !== null && (
        <Progress
          percent={Math.min(100, share)}
          status={share > 100 ? "exception" : "normal"}
          format={() => `${share}%`}
          aria-label={`Spent ${share}% of the estimate`}
        />
      )}
    </Flex>
  );
}
