import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Empty, Flex, Progress, Skeleton, Typography } from "antd";
import { MESSAGE_STATUSES } from "../../../../contract";
import { toMessage, type CallReply } from "../../../api";
import { formatCount } from "../../../shell/format";
import { percentOf, STATUS_META, sumStatusCounts } from "./status-totals";

export interface StatusCountsCardProps {
  userIds: readonly string[];
  title: string;
  description: string;
  /** The account list is still loading, so the ids are not known yet. */
  waiting?: boolean;
}

/** Message status counts (dashboard.statusCounts) as labelled bars: no chart library needed for five numbers. */
export function StatusCountsCard({ userIds, title, description, waiting }: StatusCountsCardProps) {
  const ids = [...userIds].sort();
  // Through the data provider (resources/dashboard.ts statusCounts), so a balance change's invalidation refreshes it.
  const { query } = useCustom<CallReply<"dashboard.statusCounts"> & Record<string, unknown>>({
    url: "",
    method: "get",
    config: { query: { userIds: ids } },
    meta: { resource: "dashboard", action: "statusCounts" },
    queryOptions: { enabled: ids.length > 0, staleTime: 30_000 },
    errorNotification: false,
  });
  const totals = sumStatusCounts(query.data?.data.data);

  let body;
  if (waiting || (ids.length > 0 && query.isPending)) body = <Skeleton active paragraph={{ rows: 5 }} title={false} />;
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
  else if (ids.length === 0 || totals.total === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages sent yet." />;
  else
    body = (
      <Flex vertical gap={10}>
        {MESSAGE_STATUSES.map((s) => (
          <div key={s}>
            <Flex justify="space-between">
              <Typography.Text>{STATUS_META[s].label}</Typography.Text>
              <Typography.Text style={{ fontVariantNumeric: "tabular-nums" }}>
                {formatCount(totals[s])} <Typography.Text type="secondary">· {percentOf(totals[s], totals.total)}%</Typography.Text>
              </Typography.Text>
            </Flex>
            <Progress
              percent={percentOf(totals[s], totals.total)}
              showInfo={false}
              strokeColor={STATUS_META[s].color}
              size="small"
              aria-label={`${STATUS_META[s].label}: ${totals[s]}`}
            />
          </div>
        ))}
      </Flex>
    );

  return (
    <Card
      title={title}
      extra={totals.total > 0 && <Typography.Text type="secondary">{formatCount(totals.total)} total</Typography.Text>}
      style={{ height: "100%" }}
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {description}
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
