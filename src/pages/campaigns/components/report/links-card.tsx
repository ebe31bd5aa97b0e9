import { Card, Col, Row, Statistic, Typography } from "antd";
import type { CampaignRecord, CampaignReportRecord } from "../../../../../contract";
import { formatCount } from "../../../../shell/format";
import { funnelOf } from "./report-data";

type Links = NonNullable<CampaignReportRecord["links"]>;

const DEVICE_LABELS: Record<string, string> = {
  mobile: "Mobile",
  tablet: "Tablet",
  desktop: "Desktop",
  tv: "TV",
  unknown: "Other",
};

/** People who clicked as a share of those the message reached (delivered, read or replied). */
export function clickRate(links: Links, campaign: CampaignRecord): number | null {
  const delivered = funnelOf(campaign.counts, campaign.total, campaign.channel).find((s) => s.key === "delivered");
  if (!delivered || delivered.count === 0) return null;
  return Math.round((links.clickers / delivered.count) * 1000) / 10;
}

/** A tracked campaign's clicks: people, clicks, and the previews and scanners left out. */
export function LinksCard({ links, campaign }: { links: Links; campaign: CampaignRecord }) {
  const rate = clickRate(links, campaign);
  return (
    <Card title="Link clicks" aria-label="Link clicks">
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title="Clicked" value={formatCount(links.clickers)} />
          <Typography.Text type="secondary">
            {rate === null ? "nothing delivered yet" : `${rate}% of delivered`}
          </Typography.Text>
        </Col>
        <Col span={8}>
          <Statistic title="Clicks" value={formatCount(links.clicks)} />
        </Col>
        <Col span={8}>
          <Statistic title="Previews and scanners" value={formatCount(links.machineFetches)} />
          <Typography.Text type="secondary">not counted as clicks</Typography.Text>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {links.devices.length === 0
          ? "No clicks yet."
          : `By device: ${links.devices.map((d) => `${DEVICE_LABELS[d.device] ?? d.device} ${formatCount(d.clicks)}`).join(" · ")}`}
      </Typography.Paragraph>
    </Card>
  );
}
