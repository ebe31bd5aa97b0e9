import { Col, Row, Skeleton, Typography } from "antd";
import { lazy, Suspense, type ReactNode } from "react";
import type { DashboardOverview, Role } from "../../../../contract";
import type { ReportFilters } from "../../common/report-filters/use-report-filters";
import { areaPath } from "../../../shell/navigation/nav-items";
import { useAfterFirstPaint } from "../../common/after-paint";
import { EmptyPeriod } from "./empty-period";
import { Panel } from "./panel";
import { ButtonLink } from "../../../components/button-link";

// The cards' frames (titles, fixed heights) are drawn with the figures; what is inside them (recharts, antd tables)
// is one chunk loaded right after the first paint, each body a skeleton of its final height until then, so nothing
// moves when it arrives.
const parts = () => import("./dashboard-parts");
const MessagesChart = lazy(async () => ({ default: (await parts()).MessagesChart }));
const FunnelChart = lazy(async () => ({ default: (await parts()).FunnelChart }));
const SpendChart = lazy(async () => ({ default: (await parts()).SpendChart }));
const ErrorRates = lazy(async () => ({ default: (await parts()).ErrorRates }));
const TopCampaigns = lazy(async () => ({ default: (await parts()).TopCampaigns }));
const AgentActivity = lazy(async () => ({ default: (await parts()).AgentActivity }));
const AccountsTable = lazy(async () => ({ default: (await parts()).AccountsTable }));
const EngagementPanel = lazy(async () => ({ default: (await parts()).EngagementPanel }));
const BalanceRequestsList = lazy(async () => ({ default: (await parts()).BalanceRequestsList }));

function Hold({ height }: { height: number }) {
  return (
    <div style={{ height, overflow: "hidden" }}>
      <Skeleton active title={false} paragraph={{ rows: Math.max(2, Math.floor(height / 44)) }} />
    </div>
  );
}

/** A dashboard card whose body keeps `height` from the first paint on. */
function Block({
  title,
  extra,
  height,
  ready,
  children,
}: {
  title: string;
  extra?: ReactNode;
  height: number;
  ready: boolean;
  children: ReactNode;
}) {
  return (
    <Panel title={title} extra={extra} bodyStyle={{ minHeight: height + 48 }}>
      {ready ? <Suspense fallback={<Hold height={height} />}>{children}</Suspense> : <Hold height={height} />}
    </Panel>
  );
}

const note = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);

/**
 * The accounts table's height: 5 rows for an admin, one per customer (up to 6) for a reseller, and the link row;
 * until the figures say how many customers there are, 3.
 */
function accountsHeight(role: Role, data: DashboardOverview | undefined): number {
  const accounts = data ? (data.accounts ?? []).reduce((n, a) => n + a.total, 0) : 3;
  const rows = role === "admin" ? 5 : Math.max(1, Math.min(accounts, 6));
  return 40 + rows * 40 + (accounts > rows ? 48 : 0);
}

export function DashboardGrid({
  role,
  data,
  filters,
}: {
  role: Role;
  data: DashboardOverview | undefined;
  filters: ReportFilters;
}) {
  const painted = useAfterFirstPaint();
  const ready = painted && data !== undefined;
  const operator = role === "admin" || role === "reseller";
  const empty = data !== undefined && data.totals.messages === 0 && data.totals.queued === 0;
  const workspaceCampaigns = role !== "admin" && role !== "reseller";
  const top = (
    <Block
      title={operator ? "Top campaigns" : role === "user" ? "Your campaigns" : "Top campaigns"}
      extra={note("by messages in the period")}
      height={290}
      ready={ready}
    >
      {data && <TopCampaigns role={role} rows={data.topCampaigns} compact={role !== "admin"} />}
    </Block>
  );

  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      {empty ? (
        <Col span={24}>
          <EmptyPeriod role={role} filters={filters} />
        </Col>
      ) : (
        <>
          <Col xs={24} xl={16}>
            <Block
              title="Messages per day"
              extra={note("by channel, on the day each was sent")}
              height={300}
              ready={ready}
            >
              {data && <MessagesChart series={data.series} channel={filters.channel} />}
            </Block>
          </Col>
          <Col xs={24} xl={8}>
            <Block title="Delivery funnel" height={300} ready={ready}>
              {/* SMS has no read receipts: the stage shows only where RCS or WhatsApp sent. */}
              {data && (
                <FunnelChart
                  totals={data.totals}
                  showRead={data.channels.some((c) => c.channel !== "sms" && c.messages > 0)}
                />
              )}
            </Block>
          </Col>
          {/* Beside the spend chart, the campaigns' table gets the wider part: its names and figures need it. */}
          <Col xs={24} xl={role === "admin" ? 12 : 9}>
            <Block title="Spend per day" extra={note("₹, on the day sent")} height={260} ready={ready}>
              {data && <SpendChart series={data.series} />}
            </Block>
          </Col>
          <Col xs={24} xl={role === "admin" ? 12 : 15}>
            {role === "admin" ? (
              <Block title="Carrier error rates" extra={note("by channel and carrier code")} height={260} ready={ready}>
                {data && <ErrorRates channels={data.channels} errors={data.errors} />}
              </Block>
            ) : (
              top
            )}
          </Col>
        </>
      )}
      {operator && (
        <Col span={24}>
          <Block
            title={role === "admin" ? "Top accounts" : "Customers"}
            extra={note(role === "admin" ? "by spend in the period" : "usage in the period and balance now")}
            height={accountsHeight(role, data)}
            ready={painted}
          >
            <AccountsTable role={role} filters={filters} />
          </Block>
        </Col>
      )}
      {role === "admin" && !empty && <Col span={24}>{top}</Col>}
      {workspaceCampaigns && data?.agents && data.agents.length > 0 && (
        <Col span={24}>
          <Block
            title="Agent activity"
            extra={note("conversations your live agents handled in the period")}
            height={44 * Math.min(data.agents.length, 6) + 56}
            ready={ready}
          >
            <AgentActivity rows={data.agents} />
          </Block>
        </Col>
      )}
      {/* Only where a tracked link was clicked or a conversion attributed in the period: nothing to invent otherwise. */}
      {data && (data.engagement.clicks > 0 || data.engagement.conversions > 0) && (
        <Col span={24}>
          <Block title="Clicks and conversions" extra={note("on the day each happened")} height={290} ready={ready}>
            <EngagementPanel engagement={data.engagement} delivered={data.totals.delivered} />
          </Block>
        </Col>
      )}
      {(operator || role === "manager") && (
        <Col span={24}>
          <Block
            title="Balance requests"
            extra={
              <ButtonLink to={areaPath(role, "users")} type="link" size="small">
                Top up in Users
              </ButtonLink>
            }
            height={200}
            ready={painted}
          >
            <BalanceRequestsList role={role} />
          </Block>
        </Col>
      )}
    </Row>
  );
}
