import { Typography } from "antd";
import type { CarrierChannelRecord } from "../../../../contract";
import { CardBlock, ChannelCard, type ChannelActions } from "../../carrier-channels/components/channel-card";
import { WHATSAPP_KIT } from "../../carrier-channels/kits";
import { WebhookDetails } from "./webhook-details";

/** One WhatsApp Cloud API connection: the kit's card with its account, number and app, and the webhook for Meta. */
export function CloudChannelCard({ channel, page }: { channel: CarrierChannelRecord; page: ChannelActions }) {
  const details = [
    { key: "waba", label: "WABA ID", children: <Typography.Text copyable>{channel.wabaId}</Typography.Text> },
    {
      key: "phone",
      label: "Phone number ID",
      children: <Typography.Text copyable>{channel.phoneNumberIds.join(", ")}</Typography.Text>,
    },
    {
      key: "onboarding",
      label: "Connected by",
      children: channel.onboarding === "embedded-signup" ? "Embedded Signup (Facebook)" : "Manual entry",
    },
    {
      key: "app",
      label: "App ID",
      children: channel.appId ?? <Typography.Text type="secondary">Not set (template media needs it)</Typography.Text>,
    },
  ];
  return (
    <ChannelCard kit={WHATSAPP_KIT} channel={channel} page={page} details={details}>
      <CardBlock title="Webhook">
        <WebhookDetails channel={channel} />
      </CardBlock>
    </ChannelCard>
  );
}
