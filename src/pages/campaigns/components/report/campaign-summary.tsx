import { SyncOutlined } from "@ant-design/icons";
import { Alert, Descriptions, Flex, Tag, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import type { CampaignRecord } from "../../../../../contract";
import { formatDateTime } from "../../../../shell/format";
import { billingLabel } from "../billing-labels";
import { failoverConditionLabel } from "../failover-labels";
import { CampaignStatusTag, ChannelTag } from "./campaign-tags";
import { pausingNote } from "./report-data";

/** When a scheduled time is shown in its own zone as well as the reader's. */
function scheduledText(c: CampaignRecord): string {
  if (!c.scheduledAt) return "—";
  const own = formatDateTime(c.scheduledAt);
  if (!c.timeZone) return own;
  const there = new Intl.DateTimeFormat("en-IN", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: c.timeZone,
  }).format(new Date(c.scheduledAt));
  return there === own ? `${own} (${c.timeZone})` : `${there} ${c.timeZone} (${own} here)`;
}

/** Beside a paused campaign's status while the sends already out when it was paused settle; nothing new goes out. */
function PausingNote({ campaign }: { campaign: CampaignRecord }) {
  const note = pausingNote(campaign);
  if (!note) return null;
  return (
    <Tooltip title="Messages handed to the provider before the pause; their outcome is written as they come back. Nothing new is sent.">
      {/* The default tag's colours: antd's "processing" blue on its pale blue is 3.7:1, under WCAG AA's 4.5:1. */}
      <Tag icon={<SyncOutlined spin />} data-testid="pausing-note" style={{ marginInlineEnd: 0 }}>
        {note}
      </Tag>
    </Tooltip>
  );
}

/** The campaign's name, channel, status (with why it stopped or paused), template, sender and times. */
export function CampaignSummary({ campaign: c, extra }: { campaign: CampaignRecord; extra?: ReactNode }) {
  return (
    <>
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 12 }}>
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {c.name}
          </Typography.Title>
          <ChannelTag channel={c.channel} />
          <CampaignStatusTag status={c.status} />
          <PausingNote campaign={c} />
        </Flex>
        {extra}
      </Flex>
      {c.statusReason && (
        <Alert
          type={c.status === "failed" ? "error" : "warning"}
          showIcon
          style={{ marginBottom: 12 }}
          message={c.status === "paused" ? "Paused" : c.status === "failed" ? "Failed" : "Note"}
          description={c.statusReason}
        />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Template">{c.templateName}</Descriptions.Item>
        <Descriptions.Item label="Sender">{c.senderLabel}</Descriptions.Item>
        <Descriptions.Item label="Owner">{c.ownerName}</Descriptions.Item>
        <Descriptions.Item label="Created">{formatDateTime(c.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Started">{formatDateTime(c.startedAt)}</Descriptions.Item>
        <Descriptions.Item label="Completed">{formatDateTime(c.completedAt)}</Descriptions.Item>
        {c.scheduledAt && <Descriptions.Item label="Scheduled for">{scheduledText(c)}</Descriptions.Item>}
        {c.startedAt && <Descriptions.Item label="Billed">{billingLabel(c)}</Descriptions.Item>}
        {c.failover && (
          <Descriptions.Item label="SMS failover">
            {c.failover.conditions.map((x) => failoverConditionLabel(x, c.channel)).join(", ")}
          </Descriptions.Item>
        )}
      </Descriptions>
    </>
  );
}
