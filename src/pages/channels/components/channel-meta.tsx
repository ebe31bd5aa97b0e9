import { CommentOutlined, MailOutlined, MessageOutlined, PhoneOutlined, WhatsAppOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import type { ChannelKey, ConnectsNoun } from "../channels-state";

export interface ChannelMeta {
  title: string;
  description: string;
  icon: ReactNode;
  /** Accent of the card's icon. */
  color: string;
  /** The channel's own screen under channels/ (SPEC 2), when it has one. */
  subPath?: "rcs" | "whatsapp" | "sms";
  manageLabel?: string;
  /** What connects to the channel, for its status line ("1 WABA connected"); none for the flag-only channels. */
  connects?: ConnectsNoun;
}

export const CHANNEL_META: Record<ChannelKey, ChannelMeta> = {
  whatsapp: {
    title: "WhatsApp",
    description: "WhatsApp Business Accounts, phone numbers and the business profile.",
    icon: <WhatsAppOutlined />,
    color: "#25D366",
    subPath: "whatsapp",
    manageLabel: "Manage WABAs",
    connects: { one: "WABA", many: "WABAs", verb: "connected" },
  },
  rcs: {
    title: "RCS",
    description: "Branded, verified RCS bots with rich cards and carousels.",
    icon: <CommentOutlined />,
    color: "#1A73E8",
    subPath: "rcs",
    manageLabel: "Manage bots",
    connects: { one: "bot", many: "bots", verb: "active" },
  },
  sms: {
    title: "SMS",
    description: "SMS accounts with DLT sender ids and the principal entity id.",
    icon: <MessageOutlined />,
    color: "#7B61FF",
    subPath: "sms",
    manageLabel: "Manage SMS accounts",
    connects: { one: "SMS account", many: "SMS accounts", verb: "active" },
  },
  voice: { title: "Voice", description: "Voice calls and IVR broadcasts.", icon: <PhoneOutlined />, color: "#FA8C16" },
  email: {
    title: "Email",
    description: "Email campaigns and notifications.",
    icon: <MailOutlined />,
    color: "#EB2F96",
  },
};
