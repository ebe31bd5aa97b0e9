// The editor's state and its translation into Meta's components, kept pure so the preview, the live rule messages
// and the submitted form all read the same thing.
import {
  checkWhatsAppTemplate,
  variableCount,
  type TemplateIssue,
  type WaButton,
  type WaComponent,
  type WaMediaFormat,
} from "../../../contract/domain/whatsapp-template";

export type HeaderChoice = "NONE" | "TEXT" | WaMediaFormat;

export interface TemplateDraft {
  wabaId: string;
  name: string;
  language: string;
  category: string;
  header: HeaderChoice;
  headerText: string;
  headerExample: string;
  body: string;
  bodyExamples: string[];
  footer: string;
  buttons: WaButton[];
}

export const EMPTY_DRAFT: TemplateDraft = {
  wabaId: "",
  name: "",
  language: "en_US",
  category: "UTILITY",
  header: "NONE",
  headerText: "",
  headerExample: "",
  body: "",
  bodyExamples: [],
  footer: "",
  buttons: [],
};

export function toComponents(d: TemplateDraft): WaComponent[] {
  const out: WaComponent[] = [];
  if (d.header === "TEXT") {
    out.push({
      type: "HEADER",
      format: "TEXT",
      text: d.headerText,
      ...(variableCount(d.headerText) ? { example: { header_text: [d.headerExample] } } : {}),
    });
  } else if (d.header !== "NONE") {
    out.push({ type: "HEADER", format: d.header });
  }
  const count = variableCount(d.body);
  out.push({
    type: "BODY",
    text: d.body,
    ...(count ? { example: { body_text: [d.bodyExamples.slice(0, count)] } } : {}),
  });
  if (d.footer.trim()) out.push({ type: "FOOTER", text: d.footer });
  if (d.buttons.length) out.push({ type: "BUTTONS", buttons: d.buttons });
  return out;
}

/** The rules' messages by field path, as the server would answer them. */
export function issuesOf(d: TemplateDraft): TemplateIssue[] {
  return checkWhatsAppTemplate({
    name: d.name,
    language: d.language,
    category: d.category,
    components: toComponents(d),
  });
}

/** The next {{n}} to insert into a text: one past the highest so far. */
export const nextVariable = (text: string) => `{{${variableCount(text) + 1}}}`;

/**
 * The preview's draft from a stored template: `texts` fill its variables ({{1}} first; a campaign's slot texts, or the
 * template's examples).
 */
export function waDraftOf(components: readonly WaComponent[], texts: readonly string[]): TemplateDraft {
  const header = components.find((c) => c.type === "HEADER") as { format?: string; text?: string } | undefined;
  const body = components.find((c) => c.type === "BODY") as { text?: string } | undefined;
  const footer = components.find((c) => c.type === "FOOTER") as { text?: string } | undefined;
  const buttons = components.find((c) => c.type === "BUTTONS") as { buttons?: TemplateDraft["buttons"] } | undefined;
  return {
    ...EMPTY_DRAFT,
    header: (header?.format as HeaderChoice | undefined) ?? "NONE",
    headerText: header?.text ?? "",
    headerExample: texts[0] ?? "",
    body: body?.text ?? "",
    bodyExamples: [...texts],
    footer: footer?.text ?? "",
    buttons: buttons?.buttons ?? [],
  };
}
