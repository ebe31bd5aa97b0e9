import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  PauseCircleFilled,
  SafetyCertificateOutlined,
  StopOutlined,
} from "@ant-design/icons";
import { Tag } from "antd";
import type { ReactNode } from "react";
import type { TemplateChannel } from "../../../../contract";
import { SMS_CATEGORY_LABELS } from "../../../../contract/domain/sms";
import { WA_TEMPLATE_CATEGORIES } from "../../../../contract/domain/whatsapp-template";
import { CHANNEL_META } from "../../template-library/components/library-card";

/** Status words of every channel: WhatsApp's review states, SMS's DLT registration, RCS's own. */
const STATUS_LOOK: Record<string, { color: string; icon: ReactNode; label: string }> = {
  PENDING: { color: "processing", icon: <ClockCircleOutlined />, label: "Pending" },
  APPROVED: { color: "success", icon: <CheckCircleFilled />, label: "Approved" },
  REJECTED: { color: "error", icon: <CloseCircleFilled />, label: "Rejected" },
  PAUSED: { color: "warning", icon: <PauseCircleFilled />, label: "Paused" },
  DISABLED: { color: "default", icon: <StopOutlined />, label: "Disabled" },
  REGISTERED: { color: "success", icon: <SafetyCertificateOutlined />, label: "DLT registered" },
  ACTIVE: { color: "success", icon: <CheckCircleFilled />, label: "Active" },
};

export const STATUS_OPTIONS = Object.entries(STATUS_LOOK).map(([value, look]) => ({ value, label: look.label }));

export const CATEGORY_OPTIONS = [
  ...WA_TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: `${c[0]}${c.slice(1).toLowerCase()} (WhatsApp)` })),
  ...Object.entries(SMS_CATEGORY_LABELS).map(([value, label]) => ({ value, label: `${label} (SMS)` })),
];

export function StatusTag({ status }: { status: string }) {
  const look = STATUS_LOOK[status.toUpperCase()] ?? { color: "default", icon: null, label: status };
  return (
    <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }}>
      {look.label}
    </Tag>
  );
}

export function ChannelTag({ channel }: { channel: TemplateChannel }) {
  const meta = CHANNEL_META[channel];
  return (
    <Tag icon={meta.icon} color={meta.color} style={{ marginInlineEnd: 0 }}>
      {meta.label}
    </Tag>
  );
}

const SMS_LABELS = new Map<string, string>(Object.entries(SMS_CATEGORY_LABELS));

export function categoryLabel(category: string | null): string {
  if (!category) return "—";
  return SMS_LABELS.get(category) ?? `${category[0]}${category.slice(1).toLowerCase()}`;
}

/** Where a row opens, relative to manage-templates/unified. */
export function openPath(channel: TemplateChannel, id: string): string {
  if (channel === "sms") return `../sms/edit/${encodeURIComponent(id)}`;
  if (channel === "rcs") return `../rcs/creation?id=${encodeURIComponent(id)}`;
  return "../whatsapp";
}
