// What Meta checks of a send's body before accepting it: the documented message types and their required parts, and
// for templates an approved template of that name and language with as many body parameters as it has variables, and
// a suffix for each URL button whose address ends in a variable.
import type { DocErrorCode } from "./fixtures";
import type { StandInWaba } from "./state";

type Json = Record<string, unknown>;
export type Refusal = { code: DocErrorCode; details: string };

const TYPES = [
  "text",
  "image",
  "video",
  "audio",
  "document",
  "sticker",
  "template",
  "interactive",
  "location",
  "contacts",
  "reaction",
];
const MEDIA = ["image", "video", "audio", "document", "sticker"];

const invalid = (details: string): Refusal => ({ code: 100, details });
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function checkMedia(type: string, media: unknown): Refusal | null {
  if (!isObject(media)) return invalid(`${type}: the ${type} object is required`);
  const link = media.link;
  if (typeof media.id !== "string" && !(typeof link === "string" && /^https?:\/\//.test(link)))
    return invalid(`${type}: an id or an http(s) link is required`);
  if ((type === "audio" || type === "sticker") && media.caption !== undefined)
    return invalid(`${type}: captions are not supported for ${type}`);
  return null;
}

function checkInteractive(interactive: unknown): Refusal | null {
  if (!isObject(interactive)) return invalid("interactive: the interactive object is required");
  const body = interactive.body;
  if (!isObject(body) || typeof body.text !== "string" || !body.text)
    return invalid("interactive.body.text is required");
  const action = interactive.action;
  if (!isObject(action)) return invalid("interactive.action is required");
  if (interactive.type === "button") {
    const buttons = Array.isArray(action.buttons) ? (action.buttons as Json[]) : [];
    if (buttons.length < 1 || buttons.length > 3) return invalid("interactive.action.buttons: 1 to 3 reply buttons");
    const bad = buttons.find(
      (b) =>
        !isObject(b.reply) ||
        typeof b.reply.id !== "string" ||
        typeof b.reply.title !== "string" ||
        b.reply.title.length > 20,
    );
    return bad ? invalid("interactive.action.buttons[].reply needs an id and a title of at most 20 characters") : null;
  }
  if (interactive.type === "list") {
    const sections = Array.isArray(action.sections) ? (action.sections as Json[]) : [];
    const rows = sections.flatMap((s) => (Array.isArray(s.rows) ? (s.rows as Json[]) : []));
    if (typeof action.button !== "string" || !action.button)
      return invalid("interactive.action.button is required for a list");
    if (sections.length < 1 || rows.length < 1 || rows.length > 10)
      return invalid("interactive.action.sections: 1 to 10 rows in all");
    return null;
  }
  return invalid(`interactive.type: ${String(interactive.type)} is not supported`);
}

const variables = (text: unknown) =>
  typeof text === "string" ? new Set(text.match(/\{\{\s*\d+\s*\}\}/g) ?? []).size : 0;

function checkTemplate(waba: StandInWaba, template: unknown): Refusal | null {
  if (!isObject(template) || typeof template.name !== "string") return invalid("template.name is required");
  const language = isObject(template.language) ? template.language.code : undefined;
  if (typeof language !== "string") return invalid("template.language.code is required");
  const stored = waba.templates.find((t) => t.name === template.name && t.language === language);
  if (!stored || stored.status !== "APPROVED")
    return { code: 132001, details: `template name (${template.name}) does not exist in ${language}` };
  const components = Array.isArray(template.components) ? (template.components as Json[]) : [];
  const storedComponents = stored.components as Json[];
  const body = storedComponents.find((c) => String(c.type).toUpperCase() === "BODY");
  const sentBody = components.find((c) => c.type === "body");
  const sent = Array.isArray(sentBody?.parameters) ? sentBody.parameters.length : 0;
  if (sent !== variables(body?.text))
    return {
      code: 132000,
      details: `body: number of localizable_params (${sent}) does not match the expected number of params (${variables(body?.text)})`,
    };
  const header = storedComponents.find((c) => String(c.type).toUpperCase() === "HEADER");
  const format = typeof header?.format === "string" ? header.format.toUpperCase() : "TEXT";
  const sentHeaderParams = components.find((c) => c.type === "header")?.parameters;
  if (
    format === "TEXT" &&
    variables(header?.text) !== (Array.isArray(sentHeaderParams) ? sentHeaderParams.length : 0)
  ) {
    return {
      code: 132000,
      details: `header: number of localizable_params does not match the expected number of params (${variables(header?.text)})`,
    };
  }
  if (format !== "TEXT") {
    const sentHeader = components.find((c) => c.type === "header");
    const parameter = Array.isArray(sentHeader?.parameters)
      ? (sentHeader.parameters[0] as Json | undefined)
      : undefined;
    const kind = format.toLowerCase();
    if (!parameter || parameter.type !== kind || checkMedia(kind, parameter[kind]))
      return {
        code: 132012,
        details: `header: Format mismatch, expected ${format}, received ${String(parameter?.type ?? "UNKNOWN").toUpperCase()}`,
      };
  }
  return checkButtonParameters(storedComponents, components);
}

/** A dynamic URL button (its url ends in {{1}}) needs a "button" component at its index with a text parameter. */
function checkButtonParameters(stored: readonly Json[], sent: readonly Json[]): Refusal | null {
  const buttons = stored.find((c) => String(c.type).toUpperCase() === "BUTTONS")?.buttons;
  if (!Array.isArray(buttons)) return null;
  for (const [index, button] of (buttons as Json[]).entries()) {
    if (String(button.type).toUpperCase() !== "URL" || variables(button.url) === 0) continue;
    const given = sent.find((c) => c.type === "button" && String(c.index) === String(index));
    const parameter = Array.isArray(given?.parameters) ? (given.parameters[0] as Json | undefined) : undefined;
    if (
      given?.sub_type !== "url" ||
      parameter?.type !== "text" ||
      typeof parameter.text !== "string" ||
      !parameter.text
    )
      return { code: 131008, details: `buttons: Button at index ${index} of type Url requires a parameter` };
  }
  return null;
}

/** Null when Meta would take the body; otherwise the documented refusal. */
export function validateSend(waba: StandInWaba, payload: unknown): Refusal | null {
  if (!isObject(payload)) return invalid("the request body must be a JSON object");
  if (payload.messaging_product !== "whatsapp") return invalid("messaging_product must be whatsapp");
  if (typeof payload.to !== "string" || !/^\+?\d{8,15}$/.test(payload.to))
    return invalid("to: the recipient is not a valid phone number");
  const type = typeof payload.type === "string" ? payload.type : "text";
  if (!TYPES.includes(type)) return invalid(`type: ${type} is not a message type`);
  if (type === "text") {
    const text = payload.text;
    if (!isObject(text) || typeof text.body !== "string" || text.body.length < 1 || text.body.length > 4096)
      return invalid("text.body: 1 to 4096 characters");
    return null;
  }
  if (MEDIA.includes(type)) return checkMedia(type, payload[type]);
  if (type === "interactive") return checkInteractive(payload.interactive);
  if (type === "template") return checkTemplate(waba, payload.template);
  return null;
}
