import { Tag } from "antd";
import type { ChatChannel } from "../../../../../contract/domain/chats";

export const CHANNEL_LABEL: Record<ChatChannel, string> = { whatsapp: "WhatsApp", sms: "SMS", rcs: "RCS" };
const COLOR: Record<ChatChannel, string> = { whatsapp: "green", sms: "blue", rcs: "purple" };

export function ChannelTag({ channel }: { channel: ChatChannel }) {
  return (
    <Tag color={COLOR[channel]} bordered={false} style={{ marginInlineEnd: 0 }}>
      {CHANNEL_LABEL[channel]}
    </Tag>
  );
}
