import { Tag, Tooltip } from "antd";
import { formatDateTime } from "../../../shell/format";
import type { Delivery } from "./use-deliveries";

/** Succeeded, failed, waiting for its first attempt, or retrying (with when it is tried next). */
export function DeliveryStatus({ delivery: d }: { delivery: Delivery }) {
  if (d.status === "succeeded") return <Tag color="green">Succeeded</Tag>;
  if (d.status === "failed") return <Tag color="red">Failed</Tag>;
  const label = d.attempts === 0 ? "Pending" : "Retrying";
  return (
    <Tooltip title={d.nextAttemptAt ? `Next attempt ${formatDateTime(d.nextAttemptAt)}` : undefined}>
      <Tag color="gold">{label}</Tag>
    </Tooltip>
  );
}
