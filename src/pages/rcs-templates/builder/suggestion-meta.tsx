import { CalendarOutlined, EnvironmentOutlined, LinkOutlined, MessageOutlined, PhoneOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import type { RcsSuggestionType } from "../../../../contract/domain/rcs";

/** How each suggestion type is named and drawn, in the editor and on the preview's chips. */
export const SUGGESTION_META: Record<RcsSuggestionType, { label: string; icon: ReactNode }> = {
  reply: { label: "Reply", icon: <MessageOutlined /> },
  url: { label: "Open URL", icon: <LinkOutlined /> },
  dial: { label: "Dial", icon: <PhoneOutlined /> },
  location: { label: "Location", icon: <EnvironmentOutlined /> },
  calendar: { label: "Calendar", icon: <CalendarOutlined /> },
};
