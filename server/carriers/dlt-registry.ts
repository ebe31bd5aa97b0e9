// The DLT platform's scrubbing of one message against the registry, as the operators publish its outcome codes (the
// "DLT Platform Error Codes in India" aggregators list): 604 INVALID_ENTITY_ID "Received wrong Entity ID format or no
// entity ID tag", 630 TEMPLATE_NOT_FOUND "No record found with template ID as primary key/no template found", and a
// text that is not its template's (TEMPLATE-NOT-MATCHED: "Static content sent in the message is not a 100% match to
// the template uploaded in the DLT portal"; variables only where the template has {#var#}), the stand-ins' 636.
// Shared by the SMPP and the HTTP SMS stand-ins, which carry the ids differently (TLVs, body fields).
import { DLT_ID_PATTERN, matchesDltTemplate } from "../../contract/domain/sms";

export const DLT_INVALID_ENTITY = "604";
export const DLT_TEMPLATE_NOT_FOUND = "630";
/** The stand-ins' code for a text that is not its template's (in the platform's template range). */
export const TEMPLATE_MISMATCH = "636";

export type DltScrubCode = typeof DLT_INVALID_ENTITY | typeof DLT_TEMPLATE_NOT_FOUND | typeof TEMPLATE_MISMATCH;

const DLT_ID = new RegExp(DLT_ID_PATTERN);

/** Whether a DLT id (entity or template) has the platform's form: digits, 19 as issued today. */
export const dltIdWellFormed = (id: string | undefined): id is string => !!id && DLT_ID.test(id);

/**
 * The registry's verdict on a message naming `templateId`: null when it passes. Without a registry only presence is
 * checked. A long message's parts are not reassembled, so the text is compared only for a single part.
 */
export function scrubTemplate(
  templates: ReadonlyMap<string, string> | undefined,
  templateId: string,
  message: { text: string; multipart: boolean },
): typeof DLT_TEMPLATE_NOT_FOUND | typeof TEMPLATE_MISMATCH | null {
  if (!templates) return null;
  const body = templates.get(templateId);
  if (body === undefined) return DLT_TEMPLATE_NOT_FOUND;
  if (!message.multipart && !matchesDltTemplate(body, message.text)) return TEMPLATE_MISMATCH;
  return null;
}
