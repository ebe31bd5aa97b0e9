// Meta's rules for WhatsApp message templates, checked before submission: the server refuses a draft that breaks
// one (400, nothing written) and the editor shows the same messages while typing. Limits from Meta's Cloud API
// documentation (message templates: components, buttons).
import { checkUrlVariable } from "./whatsapp-url-buttons";

export const WA_TEMPLATE_CATEGORIES = ["MARKETING", "UTILITY", "AUTHENTICATION"] as const;
export type WaTemplateCategory = (typeof WA_TEMPLATE_CATEGORIES)[number];

export const WA_TEMPLATE_STATUSES = ["PENDING", "APPROVED", "REJECTED", "PAUSED", "DISABLED"] as const;
export type WaTemplateStatus = (typeof WA_TEMPLATE_STATUSES)[number];

export const WA_HEADER_FORMATS = ["TEXT", "IMAGE", "VIDEO", "DOCUMENT"] as const;
export type WaHeaderFormat = (typeof WA_HEADER_FORMATS)[number];
export type WaMediaFormat = Exclude<WaHeaderFormat, "TEXT">;

export const WA_BUTTON_TYPES = ["QUICK_REPLY", "URL", "PHONE_NUMBER"] as const;
export type WaButtonType = (typeof WA_BUTTON_TYPES)[number];

export const WA_LIMITS = {
  name: 512,
  headerText: 60,
  body: 1024,
  footer: 60,
  buttons: 10,
  urlButtons: 2,
  phoneButtons: 1,
  buttonText: 25,
  headerVariables: 1,
} as const;

/** Language codes Meta accepts for templates (a subset: the ones this product's markets use most). */
export const WA_LANGUAGES: Readonly<Record<string, string>> = {
  en: "English",
  en_US: "English (US)",
  en_GB: "English (UK)",
  hi: "Hindi",
  bn: "Bengali",
  gu: "Gujarati",
  kn: "Kannada",
  ml: "Malayalam",
  mr: "Marathi",
  pa: "Punjabi",
  ta: "Tamil",
  te: "Telugu",
  ur: "Urdu",
  ar: "Arabic",
  de: "German",
  es: "Spanish",
  es_MX: "Spanish (MEX)",
  fr: "French",
  id: "Indonesian",
  it: "Italian",
  ja: "Japanese",
  pt_BR: "Portuguese (BR)",
  ru: "Russian",
  zh_CN: "Chinese (CHN)",
};

export interface WaHeaderComponent {
  type: "HEADER";
  format: WaHeaderFormat;
  text?: string;
  /** header_text: the example for {{1}}; header_handle: the uploaded media's handle (set by the server). */
  example?: { header_text?: string[]; header_handle?: string[] };
}
export interface WaBodyComponent {
  type: "BODY";
  text: string;
  /** One example row, one value per variable, in order ({{1}} first). */
  example?: { body_text?: string[][] };
}
export interface WaFooterComponent {
  type: "FOOTER";
  text: string;
}
export interface WaButton {
  type: WaButtonType;
  text: string;
  /** A URL button's address; it may end in {{1}}, a suffix given with each send (whatsapp-url-buttons.ts). */
  url?: string;
  /** A dynamic URL button's example: one full address. */
  example?: string[];
  phone_number?: string;
}
export interface WaButtonsComponent {
  type: "BUTTONS";
  buttons: WaButton[];
}
export type WaComponent = WaHeaderComponent | WaBodyComponent | WaFooterComponent | WaButtonsComponent;

export interface WaTemplateDraft {
  name: string;
  language: string;
  category: string;
  components: readonly WaComponent[];
}

export interface TemplateIssue {
  /**
   * Where the problem is: name, language, category, header.text, body.text, body.example.2, footer.text,
   * buttons.1.text…
   */
  field: string;
  message: string;
}

const NAME = /^[a-z0-9_]+$/;
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The variables of a text in order of appearance, as written ("1", "2", "name"…). */
export function variablesOf(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((m) => m[1]);
}

/** The highest {{n}} of a text (0 when none): how many example values it needs. */
export function variableCount(text: string): number {
  return variablesOf(text).reduce((max, v) => (/^\d+$/.test(v) ? Math.max(max, Number(v)) : max), 0);
}

/** Numbered from 1 without gaps; a name like {{first_name}} or {{0}} is not Meta's positional format. */
function checkNumbering(text: string, field: string): TemplateIssue[] {
  const vars = variablesOf(text);
  const bad = vars.find((v) => !/^[1-9]\d*$/.test(v));
  if (bad !== undefined)
    return [{ field, message: `Variable {{${bad}}} is not allowed: use numbered variables {{1}}, {{2}}, …` }];
  const numbers = [...new Set(vars.map(Number))].sort((a, b) => a - b);
  const gap = numbers.findIndex((n, i) => n !== i + 1);
  if (gap >= 0)
    return [{ field, message: `Variables must be numbered from {{1}} without gaps: {{${gap + 1}}} is missing` }];
  return [];
}

function checkName(name: string): TemplateIssue[] {
  if (!name) return [{ field: "name", message: "Name is required" }];
  if (name.length > WA_LIMITS.name)
    return [{ field: "name", message: `Name may be at most ${WA_LIMITS.name} characters` }];
  if (!NAME.test(name))
    return [{ field: "name", message: "Name may contain only lowercase letters, digits and underscores" }];
  return [];
}

function checkHeader(header: WaHeaderComponent): TemplateIssue[] {
  if (!WA_HEADER_FORMATS.includes(header.format))
    return [{ field: "header.format", message: "Header must be TEXT, IMAGE, VIDEO or DOCUMENT" }];
  if (header.format !== "TEXT") return [];
  const text = header.text ?? "";
  if (!text.trim()) return [{ field: "header.text", message: "Header text is required" }];
  if (text.length > WA_LIMITS.headerText)
    return [
      {
        field: "header.text",
        message: `Header text may be at most ${WA_LIMITS.headerText} characters (now ${text.length})`,
      },
    ];
  const vars = variablesOf(text);
  if (vars.length > WA_LIMITS.headerVariables)
    return [{ field: "header.text", message: "Header text may have at most one variable" }];
  const numbering = checkNumbering(text, "header.text");
  if (numbering.length) return numbering;
  if (vars.length === 1 && !header.example?.header_text?.[0]?.trim())
    return [{ field: "header.example", message: "Give an example value for the header's {{1}}" }];
  return [];
}

function checkBody(body: WaBodyComponent | undefined): TemplateIssue[] {
  const text = body?.text ?? "";
  if (!text.trim()) return [{ field: "body.text", message: "Body text is required" }];
  if (text.length > WA_LIMITS.body)
    return [{ field: "body.text", message: `Body may be at most ${WA_LIMITS.body} characters (now ${text.length})` }];
  const numbering = checkNumbering(text, "body.text");
  if (numbering.length) return numbering;
  const examples = body?.example?.body_text?.[0] ?? [];
  const issues: TemplateIssue[] = [];
  for (let n = 1; n <= variableCount(text); n += 1) {
    if (!examples[n - 1]?.trim())
      issues.push({ field: `body.example.${n}`, message: `Give an example value for {{${n}}}` });
  }
  return issues;
}

function checkFooter(footer: WaFooterComponent): TemplateIssue[] {
  const text = footer.text ?? "";
  if (!text.trim()) return [{ field: "footer.text", message: "Footer text is required when a footer is added" }];
  if (text.length > WA_LIMITS.footer)
    return [
      { field: "footer.text", message: `Footer may be at most ${WA_LIMITS.footer} characters (now ${text.length})` },
    ];
  if (variablesOf(text).length) return [{ field: "footer.text", message: "Footer may not contain variables" }];
  return [];
}

function checkButton(button: WaButton, i: number): TemplateIssue[] {
  const field = `buttons.${i}`;
  const issues: TemplateIssue[] = [];
  if (!WA_BUTTON_TYPES.includes(button.type))
    issues.push({ field: `${field}.type`, message: "Button type must be QUICK_REPLY, URL or PHONE_NUMBER" });
  const text = button.text ?? "";
  if (!text.trim()) issues.push({ field: `${field}.text`, message: "Button text is required" });
  else if (text.length > WA_LIMITS.buttonText)
    issues.push({
      field: `${field}.text`,
      message: `Button text may be at most ${WA_LIMITS.buttonText} characters (now ${text.length})`,
    });
  if (button.type === "URL" && !/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(button.url ?? "")) {
    issues.push({ field: `${field}.url`, message: "Give a full web address starting with https://" });
  } else if (button.type === "URL") issues.push(...checkUrlVariable(button, field));
  if (button.type === "PHONE_NUMBER" && !/^\+[1-9]\d{6,14}$/.test(button.phone_number ?? "")) {
    issues.push({
      field: `${field}.phone_number`,
      message: "Give the phone number in international format, e.g. +919876543210",
    });
  }
  return issues;
}

function checkButtons(buttons: readonly WaButton[]): TemplateIssue[] {
  if (buttons.length > WA_LIMITS.buttons)
    return [{ field: "buttons", message: `At most ${WA_LIMITS.buttons} buttons (now ${buttons.length})` }];
  const issues = buttons.flatMap(checkButton);
  const count = (type: WaButtonType) => buttons.filter((b) => b.type === type).length;
  if (count("URL") > WA_LIMITS.urlButtons)
    issues.push({ field: "buttons", message: `At most ${WA_LIMITS.urlButtons} URL buttons` });
  if (count("PHONE_NUMBER") > WA_LIMITS.phoneButtons)
    issues.push({ field: "buttons", message: `At most ${WA_LIMITS.phoneButtons} phone number button` });
  // Meta shows quick replies as one group: they may come before or after the call-to-action buttons, not between them.
  const kinds = buttons
    .map((b) => (b.type === "QUICK_REPLY" ? "Q" : "C"))
    .join("")
    .replace(/(.)\1+/g, "$1");
  if (kinds.length > 2)
    issues.push({
      field: "buttons",
      message: "Quick reply buttons must be grouped together, not mixed between URL and phone buttons",
    });
  return issues;
}

const one = <T extends WaComponent["type"]>(components: readonly WaComponent[], type: T) =>
  components.filter((c): c is Extract<WaComponent, { type: T }> => c.type === type);

/** Every rule the draft breaks, in form order; an empty list means Meta would accept its shape. */
export function checkWhatsAppTemplate(draft: WaTemplateDraft): TemplateIssue[] {
  const issues: TemplateIssue[] = [...checkName(draft.name)];
  if (!WA_LANGUAGES[draft.language])
    issues.push({ field: "language", message: "Choose a language WhatsApp supports, e.g. en_US or hi" });
  if (!(WA_TEMPLATE_CATEGORIES as readonly string[]).includes(draft.category)) {
    issues.push({ field: "category", message: "Category must be MARKETING, UTILITY or AUTHENTICATION" });
  }
  const components = draft.components;
  for (const type of ["HEADER", "BODY", "FOOTER", "BUTTONS"] as const) {
    if (one(components, type).length > 1)
      issues.push({ field: type.toLowerCase(), message: `Only one ${type.toLowerCase()} is allowed` });
  }
  const [header] = one(components, "HEADER");
  if (header) issues.push(...checkHeader(header));
  issues.push(...checkBody(one(components, "BODY")[0]));
  const [footer] = one(components, "FOOTER");
  if (footer) issues.push(...checkFooter(footer));
  const [buttons] = one(components, "BUTTONS");
  if (buttons) issues.push(...checkButtons(buttons.buttons ?? []));
  return issues;
}

/** The media format a header asks for, if any: the server then needs a file of that kind. */
export function headerMediaFormat(components: readonly WaComponent[]): WaMediaFormat | undefined {
  const header = one(components, "HEADER")[0];
  return header && header.format !== "TEXT" ? header.format : undefined;
}

/** A header example that is a link (templates made in WhatsApp Manager list one), else undefined: sent as the media. */
export function headerExampleLink(components: readonly WaComponent[]): string | undefined {
  const handle = one(components, "HEADER")[0]?.example?.header_handle?.[0];
  return typeof handle === "string" && /^https?:\/\//.test(handle) ? handle : undefined;
}

/** Text with {{n}} replaced by the example values: what the preview and the recipient see. */
export function fillVariables(text: string, values: readonly string[]): string {
  return text.replace(VARIABLE, (whole, v: string) => {
    const value = /^\d+$/.test(v) ? values[Number(v) - 1] : undefined;
    return value?.trim() ? value : whole;
  });
}
