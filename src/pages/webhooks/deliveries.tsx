import { ArrowLeftOutlined, EyeOutlined, RedoOutlined, ReloadOutlined } from "@ant-design/icons";
import { Alert, Button, Card, Empty, Flex, Select, Space, Table, Tag, Tooltip, Typography } from "antd";
import { areaPath } from "../../../resources/derive";
import {
  WEBHOOK_DELIVERY_EVENTS,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryEvent,
  type WebhookDeliveryStatus,
} from "../../../contract/domain/webhooks";
import { formatCount, formatDateTime } from "../../shell/format";
import { useSession } from "../../state/session";
import { ApiControlNav } from "../common/api-control-nav";
import { PageHeader } from "../common/page-header";
import { DeliveryDrawer } from "./components/delivery-drawer";
import { DeliveryStatus } from "./components/delivery-status";
import { useDeliveries, type Delivery } from "./components/use-deliveries";
import { ButtonLink } from "../../components/button-link";

const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Pending or retrying",
  succeeded: "Succeeded",
  failed: "Failed",
};

/** API Control → Webhooks → Delivery Log: what was sent to one endpoint, how it went, and resend. */
export function WebhooksDeliveries() {
  const log = useDeliveries();
  const role = useSession().user?.type;
  const back = role ? areaPath(role, "api-management/webhooks") : "/";

  return (
    <>
      <ApiControlNav />
      <PageHeader
        description={
          log.endpoint ? (
            <>
              Deliveries to <Typography.Text code>{log.endpoint.url}</Typography.Text>, newest first. Each keeps its
              X-Webhook-Id on every retry.
            </>
          ) : (
            "Every event sent to an endpoint, newest first."
          )
        }
        extra={
          <ButtonLink to={back} icon={<ArrowLeftOutlined />}>
            All endpoints
          </ButtonLink>
        }
      />
      <Card styles={{ body: { padding: 0 } }}>
        <Flex gap={12} align="center" wrap style={{ padding: 16 }}>
          <Select
            aria-label="Endpoint"
            placeholder="Choose an endpoint"
            style={{ width: 340 }}
            value={log.endpointId || undefined}
            onChange={log.chooseEndpoint}
            options={log.endpoints.map((e) => ({
              value: e.id,
              label: e.description ? `${e.description} — ${e.url}` : e.url,
            }))}
          />
          <Select<WebhookDeliveryStatus>
            aria-label="Status"
            allowClear
            placeholder="Any status"
            style={{ width: 180 }}
            value={log.status}
            onChange={(v) => log.setStatus(v)}
            options={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
          <Select<WebhookDeliveryEvent>
            aria-label="Event"
            allowClear
            placeholder="Any event"
            style={{ width: 170 }}
            value={log.event}
            onChange={(v) => log.setEvent(v)}
            options={WEBHOOK_DELIVERY_EVENTS.map((e) => ({ value: e, label: e }))}
          />
          <Tooltip title="Refresh">
            <Button
              icon={<ReloadOutlined spin={log.refreshing} />}
              aria-label="Refresh"
              onClick={log.refetch}
              disabled={!log.endpointId}
            />
          </Tooltip>
          <Typography.Text type="secondary" style={{ marginLeft: "auto" }}>
            {formatCount(log.total)} {log.total === 1 ? "delivery" : "deliveries"}
          </Typography.Text>
        </Flex>
        {log.error && (
          <Alert
            type="error"
            showIcon
            banner
            message={log.error}
            action={
              <Button size="small" onClick={log.refetch}>
                Retry
              </Button>
            }
          />
        )}
        <Table<Delivery>
          rowKey="id"
          dataSource={log.rows}
          loading={log.loading}
          scroll={{ x: 900 }}
          onRow={(d) => ({ onDoubleClick: () => log.open(d.id) })}
          pagination={{
            current: log.page,
            pageSize: log.pageSize,
            total: log.total,
            onChange: log.setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          locale={{
            emptyText: (
              <Empty
                description={
                  !log.endpointId
                    ? "Choose an endpoint to see its deliveries"
                    : log.status || log.event
                      ? "No delivery matches these filters"
                      : "Nothing sent to this endpoint yet. Send a test from the endpoints list."
                }
              />
            ),
          }}
          columns={[
            { title: "Created", dataIndex: "createdAt", width: 160, render: (v: string) => formatDateTime(v) },
            { title: "Event", dataIndex: "event", width: 150, render: (e: string) => <Tag>{e}</Tag> },
            { title: "Status", key: "status", width: 105, render: (_, d) => <DeliveryStatus delivery={d} /> },
            { title: "Attempts", dataIndex: "attempts", width: 90, align: "right" },
            {
              title: "Response",
              key: "response",
              render: (_, d) =>
                d.responseStatus !== null ? (
                  <Space size={6}>
                    <Typography.Text type={d.responseStatus < 300 ? "success" : "danger"}>
                      HTTP {d.responseStatus}
                    </Typography.Text>
                    {d.durationMs !== null && <Typography.Text type="secondary">{d.durationMs} ms</Typography.Text>}
                  </Space>
                ) : (
                  <Typography.Text type="danger" ellipsis={{ tooltip: d.error }} style={{ maxWidth: 280 }}>
                    {d.error ?? "—"}
                  </Typography.Text>
                ),
            },
            {
              title: "Delivery id",
              dataIndex: "id",
              width: 130,
              render: (id: string) => (
                <Typography.Text code copyable={{ text: id }}>
                  {id.slice(0, 8)}
                </Typography.Text>
              ),
            },
            {
              title: "",
              key: "actions",
              width: 135,
              render: (_, d) => (
                <Space size={6}>
                  <Tooltip title="Details">
                    <Button
                      size="small"
                      icon={<EyeOutlined />}
                      onClick={() => log.open(d.id)}
                      aria-label={`Details of ${d.id}`}
                    />
                  </Tooltip>
                  <Button
                    size="small"
                    icon={<RedoOutlined />}
                    loading={log.resending === d.id}
                    onClick={() => void log.resend(d.id)}
                    aria-label={`Resend ${d.id}`}
                  >
                    Resend
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <DeliveryDrawer log={log} />
    </>
  );
}
