// The stand-in SMSC as an Indian DLT route. TRAI's Telecom Commercial Communications Customer Preference Regulations
// (TCCCPR 2018) put every commercial SMS through the operators' DLT registry: the sender (principal entity), its header
// and the content template must be registered, and each message is scrubbed against them before delivery; a message
// that does not name its registered template is not delivered. Over SMPP the operators' "DLT – Specification for SMPP
// Interface" (v1.0 26.08.2020, v1.1 12.10.2020 "further DLT error codes") added optional parameters for them: the
// principal entity id and the content template id, commonly tags 0x1400 (PE_ID) and 0x1401 (TEMPLATE_ID); a provider
// may name others, so the route is told its tags. Scrubbing is the operator's, after submit_sm was answered: the
// failure comes back in the delivery receipt (stat:REJECTD) with the DLT platform's error code, as aggregators publish
// them (e.g. SMSGatewayHub's and C2SMS's "DLT platform error codes"); the codes and the template comparison are
// ../../dlt-registry's, shared with the HTTP SMS stand-in.
import {
  DLT_INVALID_ENTITY,
  DLT_TEMPLATE_NOT_FOUND,
  scrubTemplate,
  TEMPLATE_MISMATCH,
  type DltScrubCode,
} from "../../dlt-registry";

export { TEMPLATE_MISMATCH };

/** The TLV tags a DLT route reads the principal entity id and the template id from. */
export interface DltRoute {
  entityIdTag: number;
  templateIdTag: number;
  /**
   * The DLT registry's content templates by template id (their {#var#} bodies): when given, a message naming one of
   * them must be its text, and an id it lacks is TEMPLATE_NOT_FOUND. Without it only the TLVs are checked.
   */
  templates?: ReadonlyMap<string, string>;
}

export const DLT_ROUTE: DltRoute = { entityIdTag: 0x1400, templateIdTag: 0x1401 };

/**
 * The DLT platform's error code when the route scrubs a message out (a missing TLV, an id its registry lacks, a text
 * that is not its template's); null when it passes. `text` is one part's: a long message's parts are not reassembled,
 * so the registry's check applies to a single-part message (`multipart` false).
 */
export function dltError(
  route: DltRoute,
  tlvs: Readonly<Record<string, string>>,
  message: { text: string; multipart: boolean } = { text: "", multipart: true },
): DltScrubCode | null {
  if (!tlvs[String(route.entityIdTag)]) return DLT_INVALID_ENTITY;
  const id = tlvs[String(route.templateIdTag)];
  if (!id) return DLT_TEMPLATE_NOT_FOUND;
  return scrubTemplate(route.templates, id, message);
}
