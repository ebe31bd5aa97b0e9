import type { NodeType } from "../../../../contract/domain/workflow-nodes";

/** A trigger's sample payload for a test run: what a real event would give `{{trigger.…}}`. */
export function samplePayload(
  trigger: NodeType | undefined,
  settings: Record<string, unknown> = {},
): Record<string, unknown> {
  const keyword = typeof settings.keywords === "string" ? (settings.keywords.split(",")[0]?.trim() ?? "") : "";
  const contact = { from: "+919812345678", channel: "whatsapp", to: "" };
  switch (trigger) {
    case "trigger.inbound":
      return { ...contact, text: keyword || "Hello" };
    case "trigger.campaign_reply":
      return { ...contact, text: "Yes, interested", campaignId: settings.campaignId ?? "" };
    case "trigger.campaign_delivery":
      return { ...contact, campaignId: settings.campaignId ?? "", state: "failed", reason: "Not on WhatsApp" };
    case "trigger.opt_out":
      return { ...contact, text: "STOP", intent: "stop" };
    case "trigger.ai_intent":
      return { ...contact, text: "Where is my order?", intent: settings.intent ?? "order_status", confidence: 0.9 };
    case "trigger.webhook":
      return { body: { phone: "+919812345678", name: "Asha", orderId: "A-1001" } };
    case "trigger.schedule":
      return { firedAt: new Date().toISOString() };
    default:
      return {};
  }
}
