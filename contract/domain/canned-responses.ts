// Canned responses (issue 40 item 2): an account's saved replies, typed with `/code` in the composer. Their variables
// are the campaigns' personalisation syntax (personalise.ts) read against the conversation's contact: `{{name}}` and
// `{{contact.name}}` are the same field, either may carry a fallback (`{{name|Customer}}`). What both ends check lives
// here: the limits, the words, the variables and the DLT template match.
import { CONTACT_FIELDS, parseVariable, type VariablePiece, type VariableRef } from "./personalise";
import { SMS_VARIABLE, SMS_VARIABLE_MAX } from "./sms";

export const CANNED_CODE_MAX = 32;
export const CANNED_CODE_PATTERN = "^[a-z0-9_-]{1,32}$";
export const CANNED_TITLE_MAX = 100;
export const CANNED_BODY_MAX = 4096;
/** Responses per account: the composer's popup and the settings list read them whole. */
export const CANNED_MAX = 500;

export const CANNED_MESSAGES = {
  notFound: "Canned response not found",
  duplicate: "This account already has a canned response with this short code",
  tooMany: `At most ${CANNED_MAX} canned responses per account`,
  agentReadOnly: "Live agents use canned responses; the account's people manage them",
  smsTemplateNotFound: "No SMS template of this account has this id",
  unknownVariable: (key: string) =>
    `{{${key}}} is not a contact field (name, email, language) or an attribute of this account`,
  noValue: (key: string) => `This customer has no ${key}: add a fallback ({{${key}|…}}) or fill in their contact`,
  bodyNotTemplate: (dltTemplateId: string) =>
    `Keep the registered text of DLT template ${dltTemplateId}: replace only its {#var#} places (with a value or a variable such as {{name}})`,
  notTemplate: (dltTemplateId: string) =>
    `The text does not match its registered DLT template ${dltTemplateId}: the operator would reject it`,
} as const;

/**
 * The references of a body, each as a contact reference: in a canned response there is no audience file, so a bare
 * `{{name}}` names the contact's field as `{{contact.name}}` does (keys compare lower-case, as attribute keys are).
 */
export function cannedPieces(body: string): VariablePiece[] {
  return parseVariable(body).map((p) =>
    typeof p === "string" ? p : ({ ...p, source: "contact", key: p.key.toLowerCase() } satisfies VariableRef),
  );
}

/** The distinct variable keys of a body. */
export const cannedKeys = (body: string): string[] => [
  ...new Set(cannedPieces(body).flatMap((p) => (typeof p === "string" ? [] : [p.key]))),
];

/** Keys a body names that are neither a contact field nor one of `attributes`. */
export const unknownCannedKeys = (body: string, attributes: ReadonlySet<string>): string[] =>
  cannedKeys(body).filter((k) => !(CONTACT_FIELDS as readonly string[]).includes(k) && !attributes.has(k));

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The DLT scrub as the operators apply it: the text must be the registered body with each {#var#} replaced by at most
 * SMS_VARIABLE_MAX characters. Answers the values in order (they travel as the template's params), or null.
 */
export function matchDltTemplate(templateBody: string, text: string): string[] | null {
  const pattern = templateBody.split(SMS_VARIABLE).map(escapeRegExp).join(`([\\s\\S]{0,${SMS_VARIABLE_MAX}}?)`);
  const match = new RegExp(`^${pattern}$`, "u").exec(text);
  return match ? match.slice(1) : null;
}

/** What a variable stands for while a body is checked against its template: a character no registered text holds. */
const VALUE_MARK = "\u0000";

/**
 * Whether a response's body follows its registered DLT template whatever the contact's values: with each `{{…}}`
 * standing for a value, the text must be the template with its {#var#} places filled, and a variable only inside one
 * (a fixed word may fill a place too). Saving checks this, so a response tied to a template is one the scrub can pass;
 * the composer still checks the filled text (a long value may overrun its place).
 */
export function followsDltTemplate(templateBody: string, body: string): boolean {
  const marked = cannedPieces(body)
    .map((p) => (typeof p === "string" ? p : VALUE_MARK))
    .join("");
  return matchDltTemplate(templateBody, marked) !== null;
}
