import { useEffect, useState } from "react";
import type { CallReply } from "../../../../../contract";

type Conversation = CallReply<"chats.get">["data"];

/** Counts WhatsApp's window down every minute while a conversation is open. */
export function useWindowLeft(conversation: Conversation | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!conversation || conversation.channel !== "whatsapp") return null;
  if (!conversation.lastInboundAt) return 0;
  return Math.max(0, Date.parse(conversation.lastInboundAt) + 24 * 3600_000 - now);
}
