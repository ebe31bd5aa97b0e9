// Whether a conversation answers on an Indian DLT route: its SMS number goes out through a provider channel that sends
// under a principal entity id (the adapter says so in its sender profile, Carrier.describeSender). There every message
// must be a registered template, so free text is refused before it is stored (send.ts), the composer says so before
// anyone types (chats.get), and an AI answer or a workflow's text step fails with the same reason.
import type { Carrier } from "../../carriers/carrier";
import type { ConversationRow } from "./records";

export async function dltTemplatesOnly(
  carrier: Carrier,
  conversation: Pick<ConversationRow, "channel" | "businessAddress">,
): Promise<boolean> {
  if (conversation.channel !== "sms" || !carrier.describeSender) return false;
  const profile = await carrier.describeSender({ channel: "sms", from: conversation.businessAddress });
  return profile.dltTemplates === true;
}
