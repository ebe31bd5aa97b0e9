import { Card, Empty, Flex, Space, Table, Typography, type TableColumnsType } from "antd";
import { Link } from "react-router";
import { areaPath, type NumberHistoryRecord, type Role } from "../../../../../contract";
import { formatCount, formatDateTime, formatINR } from "../../../../shell/format";
import { ChannelTag, RecipientStateTag } from "../report/campaign-tags";
import { historySummary, newestFirst, stepsOf } from "./history-data";

function columns(role: Role): TableColumnsType<NumberHistoryRecord> {
  return [
    {
      title: "Channel",
      dataIndex: "channel",
      width: 100,
      render: (v: NumberHistoryRecord["channel"]) => <ChannelTag channel={v} />,
    },
    {
      title: "Campaign",
      dataIndex: "campaignName",
      render: (name: string, r) => (
        <Link to={`${areaPath(role, "campaigns/individual-reports")}?campaignId=${encodeURIComponent(r.campaignId)}`}>
          {name}
        </Link>
      ),
    },
    { title: "Template", dataIndex: "templateName", width: 150, ellipsis: true },
    {
      title: "State",
      key: "state",
      width: 170,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <RecipientStateTag state={r.recipient.state} failedOver={r.recipient.failedOver} />
          {r.recipient.reason && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.recipient.reason}
              {r.recipient.code ? ` (${r.recipient.code})` : ""}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: "Times",
      key: "times",
      width: 250,
      render: (_, r) => {
        const steps = stepsOf(r.recipient);
        if (steps.length === 0) return <Typography.Text type="secondary">Not sent</Typography.Text>;
        return (
          <Space direction="vertical" size={0}>
            {steps.map((s) => (
              <Typography.Text key={s.label} style={{ fontSize: 12 }}>
                <Typography.Text
                  type={s.label === "Failed" ? "danger" : "secondary"}
                  style={{ fontSize: 12, display: "inline-block", width: 68 }}
                >
                  {s.label}
                </Typography.Text>
                {formatDateTime(s.at)}
              </Typography.Text>
            ))}
          </Space>
        );
      },
    },
    {
      title: "Replies",
      key: "replies",
      render: (_, r) =>
        r.replies.length === 0 ? (
          <Typography.Text type="secondary">—</Typography.Text>
        ) : (
          <Space direction="vertical" size={2}>
            {r.replies.map((reply) => (
              <Typography.Text key={`${reply.at}-${reply.text}`}>
                “{reply.text}”{" "}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(reply.at)}
                </Typography.Text>
              </Typography.Text>
            ))}
          </Space>
        ),
    },
    { title: "Cost", key: "cost", width: 90, align: "right", render: (_, r) => formatINR(r.recipient.cost) },
  ];
}

/** One number's messages across the caller's campaigns, newest first, under a one-line summary. */
export function HistoryList({
  number,
  records,
  role,
}: {
  number: string;
  records: readonly NumberHistoryRecord[];
  role: Role;
}) {
  if (records.length === 0)
    return (
      <Card>
        <Empty description={`No campaign message to ${number} yet.`} />
      </Card>
    );
  const sum = historySummary(records);
  return (
    <Card
      title={number}
      extra={
        <Flex gap={16} wrap>
          <Typography.Text>
            {formatCount(sum.messages)} message{sum.messages === 1 ? "" : "s"}
          </Typography.Text>
          <Typography.Text>
            {formatCount(sum.campaigns)} campaign{sum.campaigns === 1 ? "" : "s"}
          </Typography.Text>
          <Typography.Text>
            {formatCount(sum.replies)} repl{sum.replies === 1 ? "y" : "ies"}
          </Typography.Text>
          <Typography.Text strong>{formatINR(sum.cost)}</Typography.Text>
        </Flex>
      }
    >
      <Table<NumberHistoryRecord>
        size="middle"
        rowKey={(r) => r.recipient._id}
        dataSource={newestFirst(records)}
        columns={columns(role)}
        pagination={records.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 1100 }}
      />
    </Card>
  );
}
