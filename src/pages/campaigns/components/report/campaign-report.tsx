import { UnorderedListOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Col, Flex, Result, Row, Skeleton, Space } from "antd";
import { useNavigate } from "react-router";
import { roleMayCall, useCall } from "../../../../api";
import { useSession } from "../../../../state/session";
import { CampaignActions } from "./campaign-actions";
import { CampaignSummary } from "./campaign-summary";
import { DownloadButton } from "./downloads";
import { LiveProgress } from "./live-progress";
import { AudienceCard, CostCard, ErrorsCard, FunnelCard, TimelineCard } from "./report-sections";
import { ConversionsCard } from "./conversions-card";
import { EngagementDaysCard } from "./engagement-days-card";
import { ControlRoom } from "./control-room/control-room";
import { LinksCard } from "./links-card";
import { LIVE_REPORT_POLL_MS, stillSettling } from "./report-data";
import { ResponsesTable } from "./responses-table";
import { countsSignature, useFollowCounts } from "./use-follow-counts";
import { useLiveCampaign } from "./use-live-campaign";

/** One campaign's live detail and full report. */
export function CampaignReport({ id, onBack }: { id: string; onBack: () => void }) {
  const user = useSession().user;
  const role = user?.type ?? "user";
  const navigate = useNavigate();
  // A department head reads campaigns (campaigns.get) but not their status report or responses (SPEC 6).
  const mayReport = roleMayCall(role, "campaigns.status");
  const report = useCall(
    "campaigns.status",
    { params: { id } },
    {
      queryOptions: {
        enabled: mayReport,
        refetchInterval: (q) =>
          q.state.data && stillSettling(q.state.data.data.data.campaign) ? LIVE_REPORT_POLL_MS : false,
      },
      errorNotification: false,
    },
  ).query;
  const { campaign, query, live } = useLiveCampaign(id, () => void report.refetch());
  // The timeline and errors follow the live counts too (2 s of quiet: the report reads every recipient), not only the
  // 15 s poll: a paused campaign's last sends would otherwise show in the funnel but not in the timeline.
  useFollowCounts(campaign ? countsSignature(campaign) : "", report.refetch, 2000);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError || !campaign)
    return (
      <Result
        status={query.error?.statusCode === 404 ? "404" : "error"}
        title={query.error?.statusCode === 404 ? "Campaign not found" : "Could not load the campaign"}
        subTitle={query.error?.message}
        extra={
          <Space>
            <Button onClick={onBack}>Choose another campaign</Button>
            <Button type="primary" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Space>
        }
      />
    );

  const isOwner = campaign.userId === user?._id && roleMayCall(role, "campaigns.pause");
  const refresh = () => {
    void query.refetch();
    if (mayReport) void report.refetch();
  };
  const data = report.data?.data.data;

  return (
    <Flex vertical gap={16}>
      <Card>
        <CampaignSummary
          campaign={campaign}
          extra={
            <Flex gap={8} wrap>
              {isOwner && <CampaignActions campaign={campaign} onDone={refresh} />}
              <DownloadButton campaign={campaign} kind="numbers" />
              <DownloadButton campaign={campaign} kind="excel" />
              {campaign.userId === user?._id && roleMayCall(role, "messageLog.list") && (
                <Button
                  icon={<UnorderedListOutlined />}
                  onClick={() => navigate(`../message-log?campaignId=${campaign._id}`, { relative: "path" })}
                >
                  Message log
                </Button>
              )}
            </Flex>
          }
        />
        <LiveProgress campaign={campaign} live={live} />
      </Card>
      <ControlRoom
        campaign={campaign}
        canSteer={campaign.userId === user?._id && roleMayCall(role, "campaigns.throttle")}
      />
      {report.isError && (
        <Alert
          type="error"
          showIcon
          message={report.error?.message}
          action={
            <Button size="small" onClick={() => void report.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <FunnelCard campaign={campaign} />
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <CostCard campaign={campaign} />
            <AudienceCard campaign={campaign} canDownloadRejected={roleMayCall(role, "campaigns.rejectedRows")} />
          </Flex>
        </Col>
        {mayReport && (
          <>
            <Col xs={24} xl={14}>
              <TimelineCard
                report={report.isError ? { campaign, errors: [], timeline: [] } : data}
                channel={campaign.channel}
              />
            </Col>
            <Col xs={24} xl={10}>
              <ErrorsCard report={report.isError ? { campaign, errors: [], timeline: [] } : data} />
            </Col>
            {data?.links && (
              <Col xs={24} xl={12}>
                <LinksCard links={data.links} campaign={campaign} />
              </Col>
            )}
            {data?.conversions && (
              <Col xs={24} xl={12}>
                <ConversionsCard conversions={data.conversions} campaign={campaign} />
              </Col>
            )}
            {data?.engagementDays && (
              <Col span={24}>
                <EngagementDaysCard days={data.engagementDays} />
              </Col>
            )}
            <Col span={24}>
              <ResponsesTable campaign={campaign} />
            </Col>
          </>
        )}
      </Row>
    </Flex>
  );
}
