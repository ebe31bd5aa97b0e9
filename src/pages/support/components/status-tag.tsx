import { Tag } from "antd";
import { SUPPORT_STATUS_LABELS, type SupportStatus } from "../../../../contract/domain/support";

const COLOR: Record<SupportStatus, string> = { open: "blue", answered: "green", closed: "default" };

export function SupportStatusTag({ status }: { status: SupportStatus }) {
  return <Tag color={COLOR[status]}>{SUPPORT_STATUS_LABELS[status]}</Tag>;
}
