import { Tag } from "antd";
import type { CampaignChannel, CampaignRecord } from "../../../../../contract";
import type { RecipientState } from "../../../../../contract/domain/campaigns";

const STATUS: Record<CampaignRecord["status"], { label: string; color: string }> = {
  draft: { label: "Draft", color: "default" },
  validating: { label: "Validating", color: "processing" },
  ready: { label: "Ready", color: "cyan" },
  scheduled: { label: "Scheduled", color: "purple" },
  running: { label: "Running", color: "blue" },
  paused: { label: "Paused", color: "gold" },
  completed: { label: "Completed", color: "green" },
  discarded: { label: "Discarded", color: "default" },
  failed: { label: "Failed", color: "red" },
};

const STATE: Record<RecipientState, { label: string; color: string }> = {
  queued: { label: "Queued", color: "default" },
  sending: { label: "Sending", color: "processing" },
  sent: { label: "Sent", color: "blue" },
  delivered: { label: "Delivered", color: "green" },
  read: { label: "Read", color: "purple" },
  replied: { label: "Replied", color: "cyan" },
  failed: { label: "Failed", color: "red" },
  unknown: { label: "Unknown", color: "gold" },
  skipped: { label: "Skipped", color: "default" },
};

const CHANNEL: Record<CampaignChannel, { label: string; color: string }> = {
  rcs: { label: "RCS", color: "geekblue" },
  sms: { label: "SMS", color: "orange" },
  whatsapp: { label: "WhatsApp", color: "green" },
};

export const stateLabel = (s: RecipientState) => STATE[s]?.label ?? s;

export function CampaignStatusTag({ status }: { status: CampaignRecord["status"] }) {
  const s = STATUS[status] ?? { label: status, color: "default" };
  return <Tag color={s.color}>{s.label}</Tag>;
}

export function RecipientStateTag({ state, failedOver }: { state: RecipientState; failedOver?: boolean }) {
  const s = STATE[state] ?? { label: state, color: "default" };
  return (
    <>
      <Tag color={s.color}>{s.label}</Tag>
      {failedOver && <Tag color="orange">Failed over to SMS</Tag>}
    </>
  );
}

export function ChannelTag({ channel }: { channel: CampaignChannel }) {
  const c = CHANNEL[channel] ?? { label: channel, color: "default" };
  return <Tag color={c.color}>{c.label}</Tag>;
}
