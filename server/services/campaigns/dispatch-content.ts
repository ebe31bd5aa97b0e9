// What one recipient is sent: the carrier's MessageContent built from the campaign's template and the recipient's
// values, and what it costs. Pure, so every channel's rules are tested without a database.
import { chargeFor, whatsappRateKey, type Billable, type Charge } from "../../../contract/domain/charging";
import { countSms } from "../../../contract/domain/sms-segments";
import { variableCount, type WaComponent } from "../../../contract/domain/whatsapp-template";
import { dynamicUrlButtons } from "../../../contract/domain/whatsapp-url-buttons";
import type { MessageContent, TemplateHeaderMedia } from "../../carriers/carrier";
import type { Rates } from "./rates";

/** The template of a campaign, as far as sending needs it. */
export type CampaignTemplate =
  | {
      channel: "whatsapp";
      name: string;
      language: string;
      category: string;
      components?: readonly WaComponent[];
      /** An IMAGE, VIDEO or DOCUMENT header's media for every send (header-media.ts prepares it). */
      headerMedia?: TemplateHeaderMedia;
    }
  /**
   * `dltTemplateId`: the template's DLT registration, carried with each message (smsTextContent); `category`: its DLT
   * category, which prices it (contract/domain/charging.ts smsRateKey).
   */
  | { channel: "sms"; body: string; dltTemplateId?: string; category?: string }
  /**
   * `conversationalBotId`: set for a conversational bot, whose open conversations make its messages free
   * (rcs-conversations.ts).
   */
  | { channel: "rcs"; draft: unknown; conversationalBotId?: string };

const COLUMN = /^\{\{\s*[^}]+\s*\}\}$/;

/**
 * The template's values for one recipient, by position. The campaign's `variables` hold fixed text or `{{column}}`; the
 * ingest stores each recipient's per-row values by the same position, so a `{{column}}` slot takes the recipient's
 * value there (empty when the row had none), and a recipient value beyond the campaign's list is used as is.
 */
export function paramsFor(
  campaignVariables: readonly string[],
  recipientVariables: readonly (string | null)[] | null,
): string[] {
  const row = recipientVariables ?? [];
  const length = Math.max(campaignVariables.length, row.length);
  return Array.from({ length }, (_, i) => {
    const fixed = campaignVariables[i];
    if (fixed !== undefined && !COLUMN.test(fixed)) return fixed;
    return row[i] ?? "";
  });
}

/** A DLT body with each `{#var#}` replaced by the next value, in order. */
export function fillDlt(body: string, params: readonly string[]): string {
  let i = 0;
  return body.replace(/\{#var#\}/gi, () => params[i++] ?? "");
}

/** An SMS from a DLT template: the body filled, and the template's DLT id with it for the provider. */
export function smsTextContent(
  template: { body: string; dltTemplateId?: string },
  params: readonly string[],
): MessageContent {
  return {
    kind: "text",
    text: fillDlt(template.body, params),
    ...(template.dltTemplateId ? { dltTemplateId: template.dltTemplateId } : {}),
  };
}

/** `{{1}}`, `{{2}}`… (1-based) in every string of an RCS draft, replaced by the values at those positions. */
export function fillPlaceholders(value: unknown, params: readonly string[]): unknown {
  if (typeof value === "string")
    return value.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
  if (Array.isArray(value)) return value.map((v) => fillPlaceholders(v, params));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, params)]));
  return value;
}

/**
 * A WhatsApp template's send: the body's values, and the header the provider requires too: a text header's one
 * variable (the template's own example value), or a media header's file (prepared once per campaign).
 */
export function whatsappTemplateContent(
  template: Extract<CampaignTemplate, { channel: "whatsapp" }>,
  params: readonly string[],
): MessageContent {
  const header = template.components?.find((c) => c.type === "HEADER");
  const headerVariables = header?.format === "TEXT" ? variableCount(header.text ?? "") : 0;
  // Values after the body's are the dynamic URL buttons' suffixes, in button order (whatsapp-url-buttons.ts).
  const dynamic = dynamicUrlButtons(template.components);
  const bodyCount = variableCount(template.components?.find((c) => c.type === "BODY")?.text ?? "");
  const buttons = dynamic.flatMap((b, i) => {
    const value = params[bodyCount + i] ?? "";
    return value ? [{ index: b.index, subType: "url" as const, value }] : [];
  });
  return {
    kind: "template",
    templateName: template.name,
    language: template.language,
    params: dynamic.length > 0 ? params.slice(0, bodyCount) : params,
    ...(buttons.length > 0 ? { buttons } : {}),
    ...(headerVariables > 0
      ? { header: { format: "text" as const, params: [header?.example?.header_text?.[0] ?? ""] } }
      : {}),
    ...(template.headerMedia && header && header.format !== "TEXT" ? { header: template.headerMedia } : {}),
  };
}

export function contentFor(template: CampaignTemplate, params: readonly string[]): MessageContent {
  switch (template.channel) {
    case "whatsapp":
      return whatsappTemplateContent(template, params);
    case "sms":
      return smsTextContent(template, params);
    case "rcs":
      return { kind: "rcs", draft: fillPlaceholders(template.draft, params) };
  }
}

/** The parts one SMS is billed as: those of its filled body, and at least one (an empty body still goes out). */
export const billedParts = (text: string): number => Math.max(1, countSms(text).parts);

/**
 * How the providers classify one message for billing; `windowOpen`: WhatsApp, the customer wrote to the sender within
 * 24 hours; RCS, the person is in an open conversation with the (conversational) bot.
 */
export function billableOf(template: CampaignTemplate, content: MessageContent, windowOpen = false): Billable {
  switch (template.channel) {
    case "whatsapp":
      return { channel: "whatsapp", kind: "template", category: template.category, windowOpen };
    case "sms":
      return { channel: "sms", text: content.kind === "text" ? content.text : "", category: template.category };
    case "rcs":
      return { ...rcsBillable(content.kind === "rcs" ? content.draft : template.draft), inConversation: windowOpen };
  }
}

/** An RCS message for billing: rich unless a text message without suggestions (an unknown shape counts as rich). */
export function rcsBillable(draft: unknown): Extract<Billable, { channel: "rcs" }> {
  const d = (draft ?? {}) as { type?: unknown; textMessageContent?: unknown; suggestions?: unknown };
  const rich = d.type !== "text" || (Array.isArray(d.suggestions) && d.suggestions.length > 0);
  return { channel: "rcs", rich, text: typeof d.textMessageContent === "string" ? d.textMessageContent : "" };
}

/** Whether a campaign template's messages can be free inside the customer service window (WhatsApp utility). */
export const freeInWindow = (template: CampaignTemplate): boolean =>
  template.channel === "whatsapp" && whatsappRateKey(template.category) === "whatsapp_utility";

/** One message's charge by the provider's rule (contract/domain/charging.ts). */
export const chargeOf = (
  template: CampaignTemplate,
  content: MessageContent,
  rates: Rates,
  windowOpen = false,
): Charge => chargeFor(billableOf(template, content, windowOpen), rates);

/** Paise for one message (chargeOf's amount). */
export const costOf = (template: CampaignTemplate, content: MessageContent, rates: Rates, windowOpen = false): number =>
  chargeOf(template, content, rates, windowOpen).paise;

/**
 * An RCS campaign's price per message before it is sent: its template filled with the campaign's fixed values; where
 * a value comes from each row (`{{column}}`) a text-only message could still pass RBM's 160 bytes, so the single
 * rate is held.
 */
export function rcsMessagePaise(draft: unknown, campaignVariables: readonly string[], rates: Rates): number {
  if (campaignVariables.some((v) => COLUMN.test(v))) return rates.rcs;
  const template: CampaignTemplate = { channel: "rcs", draft };
  return costOf(template, contentFor(template, campaignVariables), rates);
}

/**
 * The first text among an RCS draft's own fields: the message text, else the card's (or first card's) title and
 * description.
 */
function rcsText(draft: unknown): string {
  const d = (draft ?? {}) as {
    textMessageContent?: unknown;
    standAlone?: { cardTitle?: unknown; cardDescription?: unknown };
    carouselList?: { cardTitle?: unknown; cardDescription?: unknown }[];
  };
  if (typeof d.textMessageContent === "string" && d.textMessageContent) return d.textMessageContent;
  const card = d.standAlone ?? d.carouselList?.[0];
  return [card?.cardTitle, card?.cardDescription]
    .filter((t): t is string => typeof t === "string" && t !== "")
    .join("\n");
}

/**
 * What a person received, as text a thread shows: the filled SMS, a WhatsApp template's header and body with the
 * values sent (the provider fills them from the name and params `contentFor` sends), an RCS message's text.
 */
export function sentText(template: CampaignTemplate, params: readonly string[]): string {
  const content = contentFor(template, params);
  switch (content.kind) {
    case "text":
      return content.text;
    case "rcs":
      return rcsText(content.draft);
    case "template": {
      if (template.channel !== "whatsapp") return "";
      const header = template.components?.find((c) => c.type === "HEADER");
      const body = template.components?.find((c) => c.type === "BODY")?.text ?? "";
      const headerParams = content.header?.format === "text" ? content.header.params : [];
      const headerText = header?.format === "TEXT" ? String(fillPlaceholders(header.text ?? "", headerParams)) : "";
      return [headerText, String(fillPlaceholders(body, content.params))].filter((t) => t !== "").join("\n");
    }
    default:
      return "";
  }
}
