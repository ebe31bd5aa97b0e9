import { Button, Descriptions, Empty, Flex, Table, Tag, Timeline, Typography } from "antd";
import { LOG_KIND_LABELS, type LogKind } from "../../../../contract/domain/message-log";
import { formatDateTime, formatINR } from "../../../shell/format";
import type { LogRow } from "./use-message-log";

const STATUS_COLOR: Record<string, string> = {
  delivered: "green",
  read: "cyan",
  replied: "purple",
  failed: "red",
  unknown: "orange",
  sent: "blue",
};
const statusColor = (s: string) => STATUS_COLOR[s.replace(/^failover /, "")] ?? "default";
const CHANNEL_LABEL: Record<string, string> = { rcs: "RCS", sms: "SMS", whatsapp: "WhatsApp" };
const channelLabel = (c: string) => CHANNEL_LABEL[c] ?? c;
const paise = (p: number | null) => (p === null ? "—" : formatINR(p / 100));

/** One message's details: the body as sent, ids, cost and every status with its time and the carrier's code. */
function Details({ row }: { row: LogRow }) {
  return (
    <Flex gap={32} wrap>
      <Descriptions size="small" column={1} style={{ maxWidth: 520 }}>
        <Descriptions.Item label="Message">
          <Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }}>{row.body || "—"}</Typography.Paragraph>
        </Descriptions.Item>
        {row.links && row.links.length > 0 && (
          // The body is what the person received: each tracked short link, and the page it opens.
          <Descriptions.Item label="Tracked links">
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {row.links.map((l) => (
                <li key={l.short} style={{ overflowWrap: "anywhere" }}>
                  <Typography.Text copyable>{l.short}</Typography.Text>
                  <br />
                  opens {l.url}
                </li>
              ))}
            </ul>
          </Descriptions.Item>
        )}
        <Descriptions.Item label="Our id">
          <Typography.Text copyable>{row.id}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="Provider's id">
          {row.providerMessageId ? <Typography.Text copyable>{row.providerMessageId}</Typography.Text> : "—"}
        </Descriptions.Item>
        <Descriptions.Item label="Sender">{row.sender || "—"}</Descriptions.Item>
        <Descriptions.Item label="Failover step">
          {row.failoverStep === null ? "—" : row.failoverStep === 0 ? "First channel" : `Fallback ${row.failoverStep}`}
        </Descriptions.Item>
        <Descriptions.Item label="Charged">{paise(row.chargedPaise)}</Descriptions.Item>
        <Descriptions.Item label="Refunded">{paise(row.refundedPaise)}</Descriptions.Item>
      </Descriptions>
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Status timeline
        </Typography.Title>
        {row.statuses.length === 0 ? (
          <Typography.Text type="secondary">No status recorded yet</Typography.Text>
        ) : (
          <Timeline
            items={row.statuses.map((s, i) => ({
              key: `${s.status}-${i}`,
              color: statusColor(s.status) === "default" ? "gray" : statusColor(s.status),
              children: (
                <span>
                  <strong>{s.status}</strong> · {channelLabel(s.channel)} ·{" "}
                  {s.at ? formatDateTime(s.at) : "time not kept"}
                  {s.code ? ` · code ${s.code}` : ""}
                </span>
              ),
            }))}
          />
        )}
      </div>
    </Flex>
  );
}

export function LogTable({
  rows,
  loading,
  hasMore,
  onLoadMore,
  filtered,
}: {
  rows: readonly LogRow[];
  loading: boolean;
  hasMore: boolean;
  onLoadMore: () => void;
  filtered: boolean;
}) {
  return (
    <>
      <Table<LogRow>
        rowKey={(r) => `${r.kind}:${r.id}`}
        dataSource={[...rows]}
        loading={loading}
        pagination={false}
        size="middle"
        scroll={{ x: 1000 }}
        expandable={{ expandedRowRender: (row) => <Details row={row} />, expandRowByClick: false }}
        locale={{
          emptyText: <Empty description={filtered ? "No message matches these filters" : "No messages sent yet"} />,
        }}
        columns={[
          { title: "Time", dataIndex: "time", width: 165, render: (t: string) => formatDateTime(t) },
          {
            title: "To",
            dataIndex: "to",
            width: 165,
            render: (n: string) => <Typography.Text copyable>{n}</Typography.Text>,
          },
          {
            title: "Sent by",
            key: "kind",
            width: 210,
            ellipsis: true,
            render: (_, r) =>
              `${channelLabel(r.channel)} · ${r.campaign ? r.campaign.name : LOG_KIND_LABELS[r.kind as LogKind]}`,
          },
          {
            title: "Status",
            dataIndex: "status",
            width: 105,
            render: (s: string) => <Tag color={statusColor(s)}>{s}</Tag>,
          },
          { title: "Message", dataIndex: "body", ellipsis: true },
          { title: "Charged", dataIndex: "chargedPaise", width: 95, align: "right", render: paise },
        ]}
      />
      <Flex justify="center" style={{ padding: 16 }}>
        {hasMore ? (
          <Button onClick={onLoadMore} loading={loading}>
            Load more
          </Button>
        ) : (
          rows.length > 0 && <Typography.Text type="secondary">That is every message for these filters</Typography.Text>
        )}
      </Flex>
    </>
  );
}
