import { Space, Tag, Tooltip, Typography } from "antd";
import { formatDateTime } from "../../../shell/format";
import type { Endpoint } from "./use-webhooks";

const STATUS = {
  succeeded: { color: "green", label: "Delivered" },
  pending: { color: "gold", label: "Retrying" },
  failed: { color: "red", label: "Failed" },
} as const;

/** The latest delivery's outcome, and what is waiting or gave up: what someone on call looks at first. */
export function EndpointHealth({ endpoint: e }: { endpoint: Endpoint }) {
  if (!e.lastDeliveryStatus) return <Typography.Text type="secondary">No deliveries yet</Typography.Text>;
  const s = STATUS[e.lastDeliveryStatus];
  return (
    <Space direction="vertical" size={2}>
      <Space size={4} wrap>
        <Tag color={s.color} style={{ marginInlineEnd: 0 }}>
          {s.label}
        </Tag>
        {e.lastResponseStatus !== null && (
          <Typography.Text type="secondary">HTTP {e.lastResponseStatus}</Typography.Text>
        )}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(e.lastDeliveryAt)}
      </Typography.Text>
      {(e.pending > 0 || e.failed > 0) && (
        <Space size={8}>
          {e.pending > 0 && (
            <Tooltip title="Waiting for an attempt or a retry">
              <Typography.Text type="warning">{e.pending} pending</Typography.Text>
            </Tooltip>
          )}
          {e.failed > 0 && (
            <Tooltip title="Gave up in the last 7 days">
              <Typography.Text type="danger">{e.failed} failed</Typography.Text>
            </Tooltip>
          )}
        </Space>
      )}
    </Space>
  );
}
