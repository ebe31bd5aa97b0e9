// India DLT rules for SMS accounts and templates: one place for the server's refusal and the console's live hints.
// Sources: TRAI TCCCPR 2018 DLT registration (entity id, 6-character header, template id, {#var#} variables) and
// the operators' template categories.

export const SMS_CATEGORIES = ["transactional", "service-implicit", "service-explicit", "promotional"] as const;
export type SmsCategory = (typeof SMS_CATEGORIES)[number];

export const SMS_CATEGORY_LABELS: Record<SmsCategory, string> = {
  transactional: "Transactional",
  "service-implicit": "Service implicit",
  "service-explicit": "Service explicit",
  promotional: "Promotional",
};

/** The one variable syntax DLT accepts; each occurrence is replaced by up to SMS_VARIABLE_MAX characters. */
export const SMS_VARIABLE = "{#var#}";
export const SMS_VARIABLE_MAX = 30;

export const SMS_NAME_MAX = 100;
/** DLT portals accept template content up to 2000 characters. */
export const SMS_BODY_MAX = 2000;
/** Headers (sender ids) are exactly six letters; numeric headers are for government senders only. */
export const SMS_HEADER_LENGTH = 6;
export const SMS_HEADER_PATTERN = "^[A-Za-z]{6}$";
/** DLT entity and template ids are digit strings, 19 long as issued today; older ones were shorter. */
export const DLT_ID_PATTERN = "^[0-9]{10,25}$";
export const DLT_ID_TYPICAL_LENGTH = 19;
export const SMS_SENDER_IDS_MAX = 20;

export interface SmsFieldError {
  field: string;
  message: string;
}

export const SMS_MESSAGES = {
  nameRequired: "is required",
  nameTooLong: `must be at most ${SMS_NAME_MAX} characters`,
  bodyRequired: "is required",
  bodyTooLong: `must be at most ${SMS_BODY_MAX} characters`,
  badVariable: `variables must be written exactly ${SMS_VARIABLE}`,
  category: `must be one of ${SMS_CATEGORIES.join(", ")}`,
  header: `must be ${SMS_HEADER_LENGTH} letters (a DLT header)`,
  headerUnknown: "must be one of the SMS account's sender ids",
  dltId: "must be 10 to 25 digits",
  senderIdsDuplicate: "must not repeat a sender id",
} as const;

/** Every `{#...#}` run, and stray braces-hash pairs that never close, so a typo cannot pass as text. */
const VARIABLE_LIKE = /\{#[^{}]*#\}/g;
const STRAY = /\{#|#\}/;

/** The variables of a body, in order; a body has none when it carries no {#var#}. */
export function smsVariableCount(body: string): number {
  return body.split(SMS_VARIABLE).length - 1;
}

/** Why the body's variables are malformed, or null: `{#name#}`, `{#VAR#}` and unclosed `{#var` are refused. */
export function smsVariableProblem(body: string): string | null {
  const wrong = (body.match(VARIABLE_LIKE) ?? []).filter((v) => v !== SMS_VARIABLE);
  if (wrong.length) return `${SMS_MESSAGES.badVariable} (found ${wrong[0]})`;
  if (STRAY.test(body.replace(VARIABLE_LIKE, ""))) return SMS_MESSAGES.badVariable;
  return null;
}

export const isSmsHeader = (value: string): boolean => new RegExp(SMS_HEADER_PATTERN).test(value);
export const isDltId = (value: string): boolean => new RegExp(DLT_ID_PATTERN).test(value);
export const isSmsCategory = (value: string): value is SmsCategory =>
  (SMS_CATEGORIES as readonly string[]).includes(value);

/** Headers are compared and kept in capitals, as operators register them. */
export const normalizeHeader = (value: string): string => value.trim().toUpperCase();

export interface SmsTemplateDraft {
  name: string;
  body: string;
  category: string;
  senderId: string;
  dltTemplateId: string;
}

/**
 * Every rule a template breaks, one message per field. `senderIds` is the account's list; when it is given the
 * header must be one of them (the console passes it once an account is chosen, the server always).
 */
export function checkSmsTemplate(draft: SmsTemplateDraft, senderIds?: readonly string[]): SmsFieldError[] {
  const errors: SmsFieldError[] = [];
  const name = draft.name.trim();
  if (!name) errors.push({ field: "name", message: SMS_MESSAGES.nameRequired });
  else if (name.length > SMS_NAME_MAX) errors.push({ field: "name", message: SMS_MESSAGES.nameTooLong });

  if (!draft.body.trim()) errors.push({ field: "body", message: SMS_MESSAGES.bodyRequired });
  else if (draft.body.length > SMS_BODY_MAX) errors.push({ field: "body", message: SMS_MESSAGES.bodyTooLong });
  else {
    const problem = smsVariableProblem(draft.body);
    if (problem) errors.push({ field: "body", message: problem });
  }

  if (!isSmsCategory(draft.category)) errors.push({ field: "category", message: SMS_MESSAGES.category });

  const header = normalizeHeader(draft.senderId);
  if (!isSmsHeader(header)) errors.push({ field: "senderId", message: SMS_MESSAGES.header });
  else if (senderIds && !senderIds.map(normalizeHeader).includes(header))
    errors.push({ field: "senderId", message: SMS_MESSAGES.headerUnknown });

  if (!isDltId(draft.dltTemplateId.trim())) errors.push({ field: "dltTemplateId", message: SMS_MESSAGES.dltId });
  return errors;
}

export interface SmsAccountDraft {
  dltEntityId: string;
  senderIds: readonly string[];
}

/** The DLT entity id and the sender ids (headers) of an account. */
export function checkSmsAccount(draft: SmsAccountDraft): SmsFieldError[] {
  const errors: SmsFieldError[] = [];
  if (!isDltId(draft.dltEntityId.trim())) errors.push({ field: "dltEntityId", message: SMS_MESSAGES.dltId });
  const headers = draft.senderIds.map(normalizeHeader);
  const bad = headers.findIndex((h) => !isSmsHeader(h));
  if (bad >= 0) errors.push({ field: `senderIds.${bad}`, message: SMS_MESSAGES.header });
  else if (new Set(headers).size !== headers.length)
    errors.push({ field: "senderIds", message: SMS_MESSAGES.senderIdsDuplicate });
  return errors;
}

/** The body split into text and variable parts, for a preview that highlights what the sender fills in. */
export function smsBodyParts(body: string): { text: string; variable: boolean }[] {
  const out: { text: string; variable: boolean }[] = [];
  body.split(SMS_VARIABLE).forEach((text, i) => {
    if (i > 0) out.push({ text: SMS_VARIABLE, variable: true });
    if (text) out.push({ text, variable: false });
  });
  return out;
}

/**
 * Whether a text is its registered DLT template with only the {#var#} places filled: operators scrub every message
 * against the template named by its DLT template id, and the static text must match exactly (TRAI TCCCPR 2018: the
 * content of a commercial message must be the registered content template, variable only where the template marks a
 * variable; aggregators report a failure as "the template does not match the template registered on the DLT
 * platform"). Each variable takes 0 to SMS_VARIABLE_MAX characters, any text otherwise.
 */
export function matchesDltTemplate(body: string, text: string): boolean {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = body.split(SMS_VARIABLE).map(escape).join(`[\\s\\S]{0,${SMS_VARIABLE_MAX}}`);
  return new RegExp(`^${pattern}$`, "u").test(text);
}

/** A DLT template's text with every {#var#} filled in order (a missing value leaves the variable as it stands). */
export function fillDltTemplate(body: string, values: readonly string[]): string {
  let i = 0;
  return body.replace(/\{#var#\}/g, () => values[i++] ?? SMS_VARIABLE);
}
