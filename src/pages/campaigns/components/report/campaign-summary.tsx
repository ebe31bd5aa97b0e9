import { Alert, Descriptions, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import type { CampaignRecord } from "../../../../../contract";
import { formatDateTime } from "../../../../shell/format";
import { failoverConditionLabel } from "../failover-labels";
import { CampaignStatusTag, ChannelTag } from "./campaign-tags";

/** When a scheduled time is shown in its own zone as well as the reader's. */
function scheduledText(c: CampaignRecord): string {
  if (!c.scheduledAt) return "—";
  const own = formatDateTime(c.scheduledAt);
  if (!c.timeZone) return own;
  const there = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: c.timeZone }).format(new Date(c.scheduledAt));
  return there === own ? `${own} (${c.timeZone})` : `${there} ${c.timeZone} (${own} here)`;
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
        {c.failover && (
          <Descriptions.Item label="SMS failover">{c.failover.conditions.map((x) => failoverConditionLabel(x, c.channel)).join(", ")}</Descriptions.Item>
        )}
      </Descriptions>
    </>
  );
}
