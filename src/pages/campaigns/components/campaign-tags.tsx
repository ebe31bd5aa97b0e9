import { Tag, Tooltip } from "antd";
import type { CampaignChannel } from "../../../../contract";
import type { CampaignStatus } from "../../../../contract/domain/campaigns";
import { ChannelTag } from "../../templates/components/template-look";
import { campaignStatusColor, campaignStatusLabel } from "./campaign-status";

export function CampaignChannelTag({ channel }: { channel: CampaignChannel }) {
  return <ChannelTag channel={channel} />;
}

/** The status, with the reason (auto-pause, failed ingest) on hover. */
export function CampaignStatusTag({ status, reason }: { status: CampaignStatus; reason?: string | null }) {
  const tag = (
    <Tag color={campaignStatusColor(status)} style={{ marginInlineEnd: 0 }} data-status={status}>
      {campaignStatusLabel(status)}
    </Tag>
  );
  return reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}
