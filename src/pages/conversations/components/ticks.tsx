import { CheckOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from "@ant-design/icons";
import { Tooltip } from "antd";
import type { ChatDeliveryState } from "../../../../contract/domain/chats";

const LABEL: Record<ChatDeliveryState, string> = {
  pending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Not delivered",
};

/** WhatsApp-style ticks: a clock while pending, ✓ sent, ✓✓ delivered, blue ✓✓ read, red ! failed. */
export function DeliveryTicks({ status, error }: { status: ChatDeliveryState | null; error?: string | null }) {
  if (!status) return null;
  const label = LABEL[status];
  let icon;
  if (status === "pending") icon = <ClockCircleOutlined />;
  else if (status === "failed") icon = <ExclamationCircleOutlined style={{ color: "#cf1322" }} />;
  else {
    const double = status !== "sent";
    const color = status === "read" ? "#1677ff" : undefined;
    icon = (
      <span style={{ color, display: "inline-flex" }}>
        <CheckOutlined />
        {double && <CheckOutlined style={{ marginLeft: -7 }} />}
      </span>
    );
  }
  return (
    <Tooltip title={error ? `${label}: ${error}` : label}>
      <span role="img" aria-label={label} data-status={status} style={{ fontSize: 11 }}>
        {icon}
      </span>
    </Tooltip>
  );
}
