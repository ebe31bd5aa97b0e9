import { Alert, Button, Card, Col, DatePicker, Empty, Row, Skeleton, Statistic, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { lazy, Suspense, useState } from "react";
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from "../../../../contract/domain/whatsapp-analytics";
import type { WabaAnalytics } from "../../../../contract";
import { toMessage, useCall } from "../../../api";
import { formatCount } from "../../../shell/format";

// recharts is big: it loads with the chart, after the rest of the page has shown.
const AnalyticsChart = lazy(() => import("./analytics-chart").then((m) => ({ default: m.AnalyticsChart })));

type Range = [Dayjs, Dayjs];
const DAY = "YYYY-MM-DD";
const defaultRange = (): Range => [dayjs().subtract(ANALYTICS_DEFAULT_DAYS - 1, "day"), dayjs()];
const total = (points: WabaAnalytics["phone_numbers"][number]["data_points"], key: "sent" | "delivered" | "read") =>
  points.reduce((sum, p) => sum + (p[key] ?? 0), 0);
const rate = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "—");

/** Messages sent, delivered and read per day, one chart per phone number, over a chosen range. */
export function AnalyticsCard() {
  const [range, setRange] = useState<Range>(defaultRange);
  const { query } = useCall(
    "waba.analytics",
    {
      query: {
        start: range[0].format(DAY),
        end: range[1].format(DAY),
        granularity: "DAY",
        metric_types: "SENT,DELIVERED,READ",
      },
    },
    { errorNotification: false },
  );
  const data = query.data?.data.data;

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.isError)
    body = (
      <Alert
        type="error"
        showIcon
        message={toMessage(query.error)}
        action={
          <Button size="small" onClick={() => query.refetch()}>
            Retry
          </Button>
        }
      />
    );
  else if (!data || data.phone_numbers.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No WhatsApp numbers to report on yet." />;
  else
    body = (
      <Row gutter={[32, 24]}>
        {data.phone_numbers.map((phone) => {
          const sent = total(phone.data_points, "sent");
          const delivered = total(phone.data_points, "delivered");
          const read = total(phone.data_points, "read");
          return (
            <Col xs={24} xl={data.phone_numbers.length > 1 ? 12 : 24} key={phone.phone_number_id}>
              <section aria-label={`Analytics of ${phone.display_phone_number}`}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {phone.display_phone_number}
                </Typography.Title>
                <Row gutter={16} style={{ marginBottom: 8 }}>
                  <Col xs={8}>
                    <Statistic title="Sent" value={formatCount(sent)} />
                  </Col>
                  <Col xs={8}>
                    <Statistic
                      title="Delivered"
                      value={formatCount(delivered)}
                      suffix={
                        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                          {rate(delivered, sent)}
                        </Typography.Text>
                      }
                    />
                  </Col>
                  <Col xs={8}>
                    <Statistic
                      title="Read"
                      value={formatCount(read)}
                      suffix={
                        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                          {rate(read, sent)}
                        </Typography.Text>
                      }
                    />
                  </Col>
                </Row>
                {sent === 0 ? (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={
                      <>
                        <div>No messages over this number yet</div>
                        <Typography.Text type="secondary">
                          Campaigns, conversations and API messages sent from it in this range show here.
                        </Typography.Text>
                      </>
                    }
                  />
                ) : (
                  <Suspense fallback={<Skeleton.Node active style={{ width: "100%", height: 260 }} />}>
                    <AnalyticsChart points={phone.data_points} />
                  </Suspense>
                )}
              </section>
            </Col>
          );
        })}
      </Row>
    );

  return (
    <Card
      title="Analytics"
      extra={
        <DatePicker.RangePicker
          aria-label="Date range"
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(), "day")}
          onChange={(value) => {
            const [from, to] = value ?? [];
            if (from && to)
              setRange([
                from,
                to.diff(from, "day") >= ANALYTICS_MAX_DAYS ? from.add(ANALYTICS_MAX_DAYS - 1, "day") : to,
              ]);
          }}
          presets={[
            { label: "Last 7 days", value: [dayjs().subtract(6, "day"), dayjs()] },
            { label: "Last 30 days", value: defaultRange() },
            { label: "Last 90 days", value: [dayjs().subtract(89, "day"), dayjs()] },
          ]}
        />
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        Messages this console sent per day (UTC): campaigns, conversations and the API. A read message was also
        delivered, a delivered one also sent.
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
