import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  PauseCircleFilled,
  StopOutlined,
} from "@ant-design/icons";
import { Tag, Tooltip } from "antd";
import type { ReactNode } from "react";
import type { WaTemplateStatus } from "../../../../contract/domain/whatsapp-template";

const LOOK: Record<WaTemplateStatus, { color: string; icon: ReactNode; label: string }> = {
  PENDING: { color: "processing", icon: <ClockCircleOutlined />, label: "Pending" },
  APPROVED: { color: "success", icon: <CheckCircleFilled />, label: "Approved" },
  REJECTED: { color: "error", icon: <CloseCircleFilled />, label: "Rejected" },
  PAUSED: { color: "warning", icon: <PauseCircleFilled />, label: "Paused" },
  DISABLED: { color: "default", icon: <StopOutlined />, label: "Disabled" },
};

export const STATUS_LABEL = (status: WaTemplateStatus) => LOOK[status].label;

/** A template's review state; the reason (rejected, paused, disabled) on hover. */
export function TemplateStatusTag({ status, reason }: { status: WaTemplateStatus; reason?: string }) {
  const look = LOOK[status];
  const tag = (
    <Tag color={look.color} icon={look.icon} data-status={status} style={{ marginInlineEnd: 0 }}>
      {look.label}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
