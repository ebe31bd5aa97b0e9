import { RedoOutlined } from "@ant-design/icons";
import { Button, Descriptions, Drawer, Skeleton, Typography } from "antd";
import { WEBHOOK_HEADERS } from "../../../../contract/domain/webhooks";
import { formatDateTime } from "../../../shell/format";
import { DeliveryStatus } from "./delivery-status";
import type { DeliveriesModel } from "./use-deliveries";

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

const pre = { maxHeight: 320, overflow: "auto", fontSize: 12, margin: 0 } as const;

/** One delivery: its headers and body as sent, its attempts, and the receiver's last answer. */
export function DeliveryDrawer({ log }: { log: DeliveriesModel }) {
  const d = log.detail;
  return (
    <Drawer
      open={log.openId !== null}
      onClose={() => log.open(null)}
      width={640}
      title="Delivery"
      destroyOnHidden
      extra={
        log.openId && (
          <Button
            icon={<RedoOutlined />}
            loading={log.resending === log.openId}
            onClick={() => log.openId && void log.resend(log.openId)}
          >
            Resend
          </Button>
        )
      }
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Status">
              <DeliveryStatus delivery={d} />
            </Descriptions.Item>
            <Descriptions.Item label="Event">{d.event}</Descriptions.Item>
            <Descriptions.Item label={WEBHOOK_HEADERS.id}>
              <Typography.Text copyable code>
                {d.id}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Event id">{d.eventId}</Descriptions.Item>
            <Descriptions.Item label="Created">{formatDateTime(d.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Attempts">{d.attempts}</Descriptions.Item>
            <Descriptions.Item label="Last attempt">
              {d.lastAttemptAt ? formatDateTime(d.lastAttemptAt) : "—"}
            </Descriptions.Item>
            {d.nextAttemptAt && (
              <Descriptions.Item label="Next attempt">{formatDateTime(d.nextAttemptAt)}</Descriptions.Item>
            )}
            <Descriptions.Item label="Response">
              {d.responseStatus === null ? "No answer" : `HTTP ${d.responseStatus}`}
              {d.durationMs !== null ? ` in ${d.durationMs} ms` : ""}
            </Descriptions.Item>
            {d.error && (
              <Descriptions.Item label="Error">
                <Typography.Text type="danger">{d.error}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Title level={5}>Body sent</Typography.Title>
          <Typography.Paragraph copyable={{ text: d.body }}>
            <pre style={pre}>{pretty(d.body)}</pre>
          </Typography.Paragraph>
          <Typography.Title level={5}>Last answer</Typography.Title>
          {d.responseBody ? (
            <pre style={pre}>{d.responseBody}</pre>
          ) : (
            <Typography.Text type="secondary">No body</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
