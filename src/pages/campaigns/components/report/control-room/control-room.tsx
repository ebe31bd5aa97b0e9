import { ReloadOutlined } from "@ant-design/icons";
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Tag, Typography } from "antd";
import type { CampaignRecord } from "../../../../../../contract";
import { formatCount, formatTimeWithSeconds } from "../../../../../shell/format";
import { LoadFailed } from "../../../../common/load-failed";
import { AlertsForm, AlertsSummary, FiredAlerts } from "./alerts-panel";
import { controlRoomMode, type CampaignLive } from "./control-room-data";
import { CostLine, LiveFigures, ThroughputSection } from "./live-figures";
import { RouteErrorsTable } from "./route-errors-table";
import { ThrottleControl } from "./throttle-control";
import { useControlRoom } from "./use-control-room";

const section = (title: string, id: string) => (
  <Typography.Title level={5} id={id} style={{ marginTop: 0 }}>
    {title}
  </Typography.Title>
);

/**
 * A campaign's live control room (issue 41, item 6), under its summary on the report page: throughput, ETA and
 * progress, the throttle, errors per route, cost and alerts while it sends, is paused or waits for its time; a compact
 * summary once it has ended. The sender's own (`canSteer`) move the throttle and set alerts; admins and resellers read.
 */
export function ControlRoom({
  campaign,
  canSteer,
  bare = false,
}: {
  campaign: Pick<CampaignRecord, "_id" | "status" | "scheduledAt">;
  canSteer: boolean;
  /** Without its card (in a drawer that has the title). */
  bare?: boolean;
}) {
  // The page's status (moved by pushes) starts the reads; the figures' own status says what they show, so a list's
  // older record (an operator's drawer) cannot show a summary of a campaign that has been resumed since.
  const { live, query } = useControlRoom(campaign._id, controlRoomMode(campaign.status) !== null);
  const mode = controlRoomMode(live?.status ?? campaign.status);
  if (mode === null) return null;
  const title = mode === "live" ? "Live control room" : "Control room summary";
  const extra = live && (
    <Flex gap={8} align="center">
      {/* "Live" only while it sends: paused or scheduled, the page's status tag above already says so. */}
      {live.status === "running" && <Tag color="processing">Live</Tag>}
      <Typography.Text type="secondary">Updated {formatTimeWithSeconds(live.at)}</Typography.Text>
      {/* The figures follow by themselves; this is for whoever wants them this second (and, in a read-only drawer,
          its one stop for the keyboard, so its scrolling body can be reached). */}
      <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
        Refresh
      </Button>
    </Flex>
  );

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!live) body = <LoadFailed retry={() => query.refetch()} />;
  else if (live.total === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This campaign has no recipients to send to." />;
  else if (mode === "summary") body = <Summary live={live} />;
  else body = <Live live={live} campaign={campaign} canSteer={canSteer} refetch={() => void query.refetch()} />;

  const content = (
    <>
      {/* A refetch that failed keeps the last figures and says so above them. */}
      {live && query.isError && <LoadFailed retry={() => query.refetch()} />}
      <section aria-label={title}>{body}</section>
    </>
  );
  if (bare)
    return (
      <Flex vertical gap={12} data-testid="control-room">
        {extra}
        {content}
      </Flex>
    );
  return (
    <Card title={title} extra={extra} data-testid="control-room">
      {content}
    </Card>
  );
}

function Live({
  live,
  campaign,
  canSteer,
  refetch,
}: {
  live: CampaignLive;
  campaign: Pick<CampaignRecord, "scheduledAt">;
  canSteer: boolean;
  refetch: () => void;
}) {
  return (
    <Flex vertical gap={24}>
      <LiveFigures live={live} scheduledAt={campaign.scheduledAt} />
      <ThroughputSection live={live} />
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <section aria-labelledby="control-room-throttle">
            {section("Throttle", "control-room-throttle")}
            {canSteer ? (
              <ThrottleControl campaignId={live.campaignId} throttle={live.throttle} onSaved={refetch} />
            ) : (
              <Typography.Text data-testid="throttle-effective">
                Sending at up to {formatCount(live.throttle.effective)} msg/s
                {live.throttle.perSecond === null ? " (the sender's limit)" : " (set by the sender)"}
              </Typography.Text>
            )}
          </section>
        </Col>
        <Col xs={24} xl={12}>
          <section aria-labelledby="control-room-cost">
            {section("Cost", "control-room-cost")}
            <CostLine cost={live.cost} />
          </section>
        </Col>
      </Row>
      <section aria-labelledby="control-room-routes">
        {section("Errors per route", "control-room-routes")}
        <RouteErrorsTable routes={live.routes} />
      </section>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <section aria-labelledby="control-room-alerts">
            {section("Alerts", "control-room-alerts")}
            {canSteer ? (
              <AlertsForm campaignId={live.campaignId} alerts={live.alerts} onSaved={refetch} />
            ) : (
              <AlertsSummary alerts={live.alerts} />
            )}
          </section>
        </Col>
        <Col xs={24} xl={12}>
          <section aria-labelledby="control-room-fired">
            {section("Fired alerts", "control-room-fired")}
            <FiredAlerts fired={live.fired} />
          </section>
        </Col>
      </Row>
    </Flex>
  );
}

/** After the end: how it went, in one card's worth (the report below has the rest). */
function Summary({ live }: { live: CampaignLive }) {
  return (
    <Flex vertical gap={16}>
      <LiveFigures live={live} scheduledAt={null} ended />
      <CostLine cost={live.cost} />
      <RouteErrorsTable routes={live.routes} />
      {live.fired.length > 0 && <FiredAlerts fired={live.fired} />}
    </Flex>
  );
}
