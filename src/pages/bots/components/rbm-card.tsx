import { Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";
import { RCS_USE_CASE_LABELS, type RcsUseCase } from "../../../../contract/domain/rcs-bots";
import { CardBlock, ChannelCard, type ChannelActions } from "../../carrier-channels/components/channel-card";
import { RCS_KIT } from "../../carrier-channels/kits";
import { RbmWebhook } from "./rbm-webhook";

/** One Google RBM connection: the kit's card with its agent and bot, and the webhook to paste at Google. */
export function RbmCard({ channel, page }: { channel: CarrierChannelRecord; page: ChannelActions }) {
  const rcs = channel.rcs;
  const details = [
    { key: "bot", label: "Bot", children: rcs?.botName || <Typography.Text type="secondary">Deleted</Typography.Text> },
    { key: "agent", label: "Agent id", children: <Typography.Text code>{rcs?.agentId}</Typography.Text> },
    {
      key: "useCase",
      label: "Use case",
      children: rcs ? (RCS_USE_CASE_LABELS[rcs.useCase as RcsUseCase]?.split(":")[0] ?? rcs.useCase) : null,
    },
    {
      key: "serviceAccount",
      label: "Service account",
      children: <Typography.Text style={{ wordBreak: "break-all" }}>{rcs?.serviceAccount}</Typography.Text>,
    },
  ];
  return (
    <ChannelCard kit={RCS_KIT} channel={channel} page={page} details={details}>
      <CardBlock title="Webhook">
        <RbmWebhook channel={channel} />
      </CardBlock>
    </ChannelCard>
  );
}
