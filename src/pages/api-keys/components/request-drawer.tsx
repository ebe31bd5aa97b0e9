import { Alert, Descriptions, Drawer, Empty, List, Skeleton, Table, Tabs, Tag, Tooltip, Typography } from "antd";
import { formatDateTime, formatINR } from "../../../shell/format";
import { useIsMobile } from "../../../shell/sidebar/use-is-mobile";
import { CHANNEL_LABELS } from "./key-config-drawer";
import { StatusCode } from "./status-code";
import { useRequestDetail, type PublicMessage } from "./use-request-log";

const MESSAGE_STATE = {
  queued: "default",
  sending: "processing",
  sent: "blue",
  delivered: "green",
  read: "cyan",
  failed: "red",
  unknown: "gold",
} as const;

export function MessageState({ status }: { status: PublicMessage["status"] }) {
  return <Tag color={MESSAGE_STATE[status]}>{status}</Tag>;
}

function Json({ value, truncated }: { value: unknown; truncated?: boolean }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">No body</Typography.Text>;
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  return (
    <>
      {truncated && (
        <Alert
          type="info"
          showIcon
          message="The body was over 64 KB: its start is shown."
          style={{ marginBottom: 8 }}
        />
      )}
      <Typography.Paragraph copyable={{ text }} style={{ marginBottom: 0 }}>
        <pre
          style={{
            maxHeight: 420,
            overflow: "auto",
            fontSize: 12,
            margin: 0,
            padding: 12,
            background: "rgba(127,127,127,0.08)",
            borderRadius: 6,
          }}
        >
          {text}
        </pre>
      </Typography.Paragraph>
    </>
  );
}

/** One request of the log: what was asked and answered, its error code and details, and the messages it created. */
export function RequestDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const isMobile = useIsMobile();
  const r = useRequestDetail(id);
  const d = r.detail;
  return (
    <Drawer
      title={d ? `${d.method} ${d.path}` : "Request"}
      open={Boolean(id)}
      onClose={onClose}
      width={isMobile ? "100%" : 760}
      destroyOnHidden
    >
      {r.error && <Alert type="error" showIcon message={r.error} />}
      {r.loading && <Skeleton active />}
      {d && (
        <>
          <Descriptions size="small" column={isMobile ? 1 : 2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Status">
              <StatusCode status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label="When">{formatDateTime(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Key">
              {d.apiKeyName ? <Tooltip title={d.apiKeyPrefix}>{d.apiKeyName}</Tooltip> : "—"}
            </Descriptions.Item>
            <Descriptions.Item label="Latency">{`${d.latencyMs} ms`}</Descriptions.Item>
            <Descriptions.Item label="IP address">{d.ip}</Descriptions.Item>
            <Descriptions.Item label="Idempotency-Key">{d.idempotencyKey ?? "—"}</Descriptions.Item>
            {d.errorCode && (
              <Descriptions.Item label="Error code" span={2}>
                <Typography.Text code>{d.errorCode}</Typography.Text>
              </Descriptions.Item>
            )}
            {d.errorMessage && (
              <Descriptions.Item label="Error" span={2}>
                {d.errorMessage}
              </Descriptions.Item>
            )}
          </Descriptions>
          {d.errorDetails.length > 0 && (
            <List
              size="small"
              bordered
              header="Details"
              style={{ marginBottom: 16 }}
              dataSource={d.errorDetails}
              renderItem={(e) => (
                <List.Item>
                  <Typography.Text code>{e.field}</Typography.Text> {e.message}
                </List.Item>
              )}
            />
          )}
          <Tabs
            defaultActiveKey={d.messageCount > 0 ? "messages" : "request"}
            items={[
              {
                key: "messages",
                label: `Messages (${r.messageCount})`,
                children: (
                  <Table<PublicMessage>
                    rowKey="id"
                    size="small"
                    loading={r.messagesLoading}
                    dataSource={r.messages}
                    scroll={{ x: 640 }}
                    locale={{ emptyText: <Empty description="This request created no messages" /> }}
                    pagination={{
                      current: r.page,
                      pageSize: 10,
                      total: r.messageCount,
                      onChange: r.setPage,
                      hideOnSinglePage: true,
                    }}
                    columns={[
                      {
                        title: "To",
                        dataIndex: "to",
                        render: (v: string, m) => <Tooltip title={`Message ${m.id}`}>{v}</Tooltip>,
                      },
                      {
                        title: "Channel",
                        dataIndex: "channel",
                        width: 110,
                        render: (c: PublicMessage["channel"], m) =>
                          `${CHANNEL_LABELS[c]}${m.channels.length > 1 ? ` (${m.channels.map((x) => CHANNEL_LABELS[x]).join(" → ")})` : ""}`,
                      },
                      {
                        title: "State",
                        dataIndex: "status",
                        width: 110,
                        render: (s: PublicMessage["status"], m) => (
                          <Tooltip title={m.reason ?? undefined}>
                            <MessageState status={s} />
                          </Tooltip>
                        ),
                      },
                      {
                        title: "Cost",
                        dataIndex: "cost",
                        width: 90,
                        align: "right",
                        render: (v: number) => formatINR(v),
                      },
                      {
                        title: "Updated",
                        dataIndex: "updatedAt",
                        width: 170,
                        render: (v: string) => formatDateTime(v),
                      },
                    ]}
                  />
                ),
              },
              {
                key: "request",
                label: "Request",
                children: <Json value={d.requestBody} truncated={d.requestTruncated} />,
              },
              { key: "response", label: "Response", children: <Json value={d.responseBody} /> },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
