import type { RcsTemplateDraft } from "../../../contract/domain/rcs";
import { smsVariableCount } from "../../../contract/domain/sms";
import { variableCount, variablesOf } from "../../../contract/domain/whatsapp-template";

// How many values a template's placeholders take, per channel: a campaign's `variables` must give exactly that many.

/** RCS: the distinct {{name}} placeholders of its texts (message, card titles and descriptions, suggestion texts). */
export function rcsPlaceholderCount(draft: RcsTemplateDraft): number {
  const cards = [draft.standAlone, ...draft.carouselList];
  const texts = [
    draft.textMessageContent,
    ...cards.flatMap((c) => [c.cardTitle, c.cardDescription, ...c.suggestions.map((s) => s.text)]),
    ...draft.suggestions.map((s) => s.text),
  ];
  return new Set(texts.flatMap((t) => variablesOf(t ?? ""))).size;
}

/** SMS: each {#var#} of the DLT body. */
export const smsPlaceholderCount = (body: string): number => smsVariableCount(body);

/** WhatsApp: the highest {{n}} of the BODY component. */
export function whatsappPlaceholderCount(components: readonly { type: string; text?: string }[]): number {
  const body = components.find((c) => c.type === "BODY");
  return variableCount(body?.text ?? "");
}
