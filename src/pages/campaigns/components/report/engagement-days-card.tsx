import { Card, Empty, Table, Typography } from "antd";
import type { CampaignReportRecord } from "../../../../../contract";
import { formatCount, formatINR, formatReportDay } from "../../../../shell/format";

type EngagementDay = NonNullable<CampaignReportRecord["engagementDays"]>[number];

/** The tracked campaign's clicks, new clickers, conversions and revenue per day (India's days), newest first. */
export function EngagementDaysCard({ days }: { days: readonly EngagementDay[] }) {
  const rows = [...days].reverse();
  return (
    <Card
      title="Clicks and conversions per day"
      aria-label="Clicks and conversions per day"
      extra={<Typography.Text type="secondary">days in India</Typography.Text>}
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No clicks or conversions yet." />
      ) : (
        <Table<EngagementDay>
          size="small"
          rowKey="day"
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          scroll={{ x: true }}
          columns={[
            { title: "Day", dataIndex: "day", render: (d: string) => formatReportDay(d) },
            { title: "Clicks", dataIndex: "clicks", align: "right", render: (n: number) => formatCount(n) },
            {
              title: "New clickers",
              dataIndex: "clickers",
              align: "right",
              render: (n: number) => formatCount(n),
            },
            { title: "Conversions", dataIndex: "conversions", align: "right", render: (n: number) => formatCount(n) },
            {
              title: "Revenue",
              dataIndex: "revenuePaise",
              align: "right",
              render: (paise: number) => formatINR(paise / 100),
            },
          ]}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        People&apos;s clicks only (previews and scanners left out); a person counts as a new clicker on the day of their
        first click, and a conversion on the day it happened.
      </Typography.Paragraph>
    </Card>
  );
}
