import { Tag } from "antd";
import type { BalanceRequestStatus } from "../../../../contract";

const COLORS: Record<BalanceRequestStatus, string> = { pending: "gold", approved: "green", rejected: "red" };
const LABELS: Record<BalanceRequestStatus, string> = { pending: "Pending", approved: "Approved", rejected: "Rejected" };

export function RequestStatusTag({ status }: { status: BalanceRequestStatus }) {
  return <Tag color={COLORS[status] ?? "default"}>{LABELS[status] ?? status}</Tag>;
}
