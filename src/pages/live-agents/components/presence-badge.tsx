import { Badge } from "antd";
import type { PresenceState } from "../../../../contract/domain/chats";

const LOOK: Record<PresenceState, { status: "success" | "warning" | "default"; text: string }> = {
  online: { status: "success", text: "Online" },
  away: { status: "warning", text: "Away" },
  offline: { status: "default", text: "Offline" },
};

export function PresenceBadge({ presence }: { presence: PresenceState }) {
  const look = LOOK[presence];
  return <Badge status={look.status} text={look.text} data-presence={presence} />;
}
