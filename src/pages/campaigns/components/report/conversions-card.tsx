import { Card, Col, Row, Statistic, Typography } from "antd";
import type { CampaignRecord, CampaignReportRecord } from "../../../../../contract";
import { formatCount, formatINR } from "../../../../shell/format";
import { funnelOf } from "./report-data";

type Conversions = NonNullable<CampaignReportRecord["conversions"]>;

/** People who converted as a share of those the message reached (delivered, read or replied), or null. */
export function conversionRate(conversions: Conversions, campaign: CampaignRecord): number | null {
  const delivered = funnelOf(campaign.counts, campaign.total, campaign.channel).find((s) => s.key === "delivered");
  if (!delivered || delivered.count === 0) return null;
  return Math.round((conversions.converters / delivered.count) * 1000) / 10;
}

/** Orders, sign-ups and leads the business reported through the API and we attributed to this campaign. */
export function ConversionsCard({ conversions, campaign }: { conversions: Conversions; campaign: CampaignRecord }) {
  const rate = conversionRate(conversions, campaign);
  return (
    <Card title="Conversions" aria-label="Conversions">
      <Row gutter={16}>
        <Col span={8}>
          <Statistic title="Converted" value={formatCount(conversions.converters)} />
          <Typography.Text type="secondary">
            {rate === null ? "nothing delivered yet" : `${rate}% of delivered`}
          </Typography.Text>
        </Col>
        <Col span={8}>
          <Statistic title="Conversions" value={formatCount(conversions.conversions)} />
        </Col>
        <Col span={8}>
          <Statistic title="Revenue" value={formatINR(conversions.revenuePaise / 100)} />
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {conversions.conversions === 0
          ? "No conversions yet. Your systems report them to POST /api/public/v1/conversions."
          : "Reported by your systems through the API, by click code or by number."}
      </Typography.Paragraph>
    </Card>
  );
}
