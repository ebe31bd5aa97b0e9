import { Alert, Card, Col, Drawer, Row, Segmented, Skeleton, Statistic } from "antd";
import { lazy, Suspense, useState } from "react";
import type { AgentMetricPeriod } from "../../../../contract/domain/chats";
import { useCall } from "../../../api";
import { useIsMobile } from "../../../shell/sidebar/use-is-mobile";
import type { Agent } from "./use-agents";

const MetricsChart = lazy(() => import("./metrics-chart").then((m) => ({ default: m.MetricsChart })));

/** "4 min 10 s", "1 h 5 min", "—" when there was nothing to measure. */
export function duration(ms: number | null): string {
  if (ms === null) return "—";
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** SLA attainment: "92% (11 of 12)", "—" when no conversation had a target. */
export function attainment(met: number, total: number): string {
  return total === 0 ? "—" : `${Math.round((100 * met) / total)}% (${met} of ${total})`;
}

/** CSAT: "4.3 of 5 (12 ratings)", "—" when nobody answered a survey. */
export function csatFigure(average: number | null, responses: number): string {
  return average === null || responses === 0
    ? "—"
    : `${average.toFixed(1)} of 5 (${responses} rating${responses === 1 ? "" : "s"})`;
}

/** One agent's monitoring: the period's figures and a chart per hour (day) or per day (week, month). */
export function MetricsDrawer({ agent, onClose }: { agent: Agent | null; onClose: () => void }) {
  const isMobile = useIsMobile();
  const [period, setPeriod] = useState<AgentMetricPeriod>("day");
  const { query } = useCall(
    "liveAgents.metrics",
    { params: { id: agent?._id ?? "" }, query: { period } },
    { errorNotification: false, queryOptions: { enabled: Boolean(agent) } },
  );
  const m = query.data?.data.data;
  const stats: [string, string | number][] = m
    ? [
        ["Conversations handled", m.conversationsHandled],
        ["Resolved", m.conversationsResolved],
        ["Messages sent", m.messagesSent],
        ["First response", duration(m.firstResponseMs)],
        ["Average response", duration(m.avgResponseMs)],
        ["Resolution time", duration(m.resolutionMs)],
        ["First response SLA met", attainment(m.slaFirstResponsesMet, m.slaFirstResponses)],
        ["Resolution SLA met", attainment(m.slaResolutionsMet, m.slaResolutions)],
        ["Customer satisfaction", csatFigure(m.csatAverage, m.csatResponses)],
      ]
    : [];
  return (
    <Drawer
      title={agent ? `${agent.name} · monitoring` : ""}
      open={Boolean(agent)}
      onClose={onClose}
      width={isMobile ? "100%" : 720}
    >
      <Segmented
        value={period}
        onChange={(v) => setPeriod(v as AgentMetricPeriod)}
        options={[
          { value: "day", label: "Day" },
          { value: "week", label: "Week" },
          { value: "month", label: "Month" },
        ]}
        style={{ marginBottom: 16 }}
      />
      {query.error && (
        <Alert type="error" showIcon message="Could not load the figures" description={query.error.message} />
      )}
      {!m && !query.error && <Skeleton active />}
      {m && (
        <>
          <Row gutter={[12, 12]}>
            {stats.map(([title, value]) => (
              <Col xs={12} md={8} key={title}>
                <Card size="small">
                  <Statistic title={title} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" title="Activity" style={{ marginTop: 16 }} aria-label="Activity chart">
            <Suspense fallback={<Skeleton active />}>
              <MetricsChart series={m.series} hourly={period === "day"} />
            </Suspense>
          </Card>
        </>
      )}
    </Drawer>
  );
}
