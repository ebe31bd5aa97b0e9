import { Card, Col, Row, Statistic, Tooltip } from "antd";
import { PAGE_LIMIT_MAX } from "../../../contract";
import { useCall } from "../../api";
import { useAbility } from "../../providers";
import { formatCount, formatINR } from "../../shell/format";
import { PageHeader } from "../common/page-header";
import { campaignTotals } from "./components/campaign-progress";
import { CampaignFilters } from "./components/campaign-filters";
import { CampaignListError, campaignsEmpty } from "./components/campaign-list-states";
import { CampaignTable } from "./components/campaign-table";
import { NewCampaignButton } from "./components/new-campaign-button";
import { useCampaignsList } from "./components/use-campaigns-list";

/**
 * Unified Campaigns: every channel's campaigns in one table, with combined totals of the filtered campaigns on top.
 * The totals read the newest 100 campaigns (the list call's largest page) under the same filters.
 */
export function CampaignsUnified() {
  const list = useCampaignsList({ syncWithLocation: false });
  const ability = useAbility();
  const { status, channel, templateName } = list.filters;
  const { query } = useCall(
    "campaigns.list",
    {
      query: { page: 1, limit: PAGE_LIMIT_MAX, status, channel: channel === "all" ? undefined : channel, templateName },
    },
    { errorNotification: false },
  );
  const reply = query.data?.data;
  const rows = Array.isArray(reply?.campaigns) ? reply.campaigns : [];
  const totals = campaignTotals(rows, reply?.totalCampaigns ?? rows.length);
  const loading = query.isLoading;
  const partial = (reply?.totalCampaigns ?? 0) > rows.length;
  const cards = [
    { title: "Campaigns", value: formatCount(totals.campaigns) },
    { title: "Messages sent", value: formatCount(totals.sent) },
    { title: "Delivered", value: `${totals.deliveredPercent}%` },
    { title: "Spent", value: formatINR(totals.spent) },
  ];
  const create = ability.can("call", "campaigns.create") ? <NewCampaignButton base="../" /> : null;
  return (
    <>
      <PageHeader description="Every channel's campaigns in one table, with their combined totals." extra={create} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {cards.map((c) => (
          <Col xs={12} md={6} key={c.title}>
            <Tooltip
              title={
                partial && c.title !== "Campaigns" ? "Over the newest 100 campaigns matching the filters" : undefined
              }
            >
              <Card size="small" aria-label={c.title}>
                <Statistic title={c.title} value={c.value} loading={loading} />
              </Card>
            </Tooltip>
          </Col>
        ))}
      </Row>
      <CampaignListError list={list} />
      <Card styles={{ body: { padding: 0 } }}>
        <CampaignFilters list={list} />
        <CampaignTable list={list} base="../" emptyText={campaignsEmpty(list, create)} />
      </Card>
    </>
  );
}
