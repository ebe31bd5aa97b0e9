// The stand-in SMSC as an Indian DLT route. TRAI's Telecom Commercial Communications Customer Preference Regulations
// (TCCCPR 2018) put every commercial SMS through the operators' DLT registry: the sender (principal entity), its header
// and the content template must be registered, and each message is scrubbed against them before delivery; a message
// that does not name its registered template is not delivered. Over SMPP the operators' "DLT – Specification for SMPP
// Interface" (v1.0 26.08.2020, v1.1 12.10.2020 "further DLT error codes") added optional parameters for them: the
// principal entity id and the content template id, commonly tags 0x1400 (PE_ID) and 0x1401 (TEMPLATE_ID); a provider
// may name others, so the route is told its tags. Scrubbing is the operator's, after submit_sm was answered: the
// failure comes back in the delivery receipt (stat:REJECTD) with the DLT platform's error code, as aggregators publish
// them (e.g. SMSGatewayHub's and C2SMS's "DLT platform error codes"):
//   604 INVALID_ENTITY_ID  "Received wrong entity id format or no entity id tag."
//   630 TEMPLATE_NOT_FOUND "No record found with Template Id as primary key/no template found"
// Scrubbing also compares the text with the template its id names: the static text must match the registered one
// exactly, variable only where the template has {#var#} (TCCCPR 2018; aggregators' reports call the failure
// TEMPLATE-NOT-MATCHED, "The template does not match the template registered on the DLT platform", and Kaleyra's
// notes give "Static content sent in the message is not a 100% match to the template uploaded in the DLT portal" as
// a cause). The published lists we could read give that failure no number of its own; the stand-in reports it as
// TEMPLATE_MISMATCH (below), in the platform's template range, only for a route told its registry (`templates`).
import { matchesDltTemplate } from "../../../../contract/domain/sms";

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

/** The stand-in's code for a text that is not its template's (see above). */
export const TEMPLATE_MISMATCH = "636";

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
): "604" | "630" | typeof TEMPLATE_MISMATCH | null {
  if (!tlvs[String(route.entityIdTag)]) return "604";
  const id = tlvs[String(route.templateIdTag)];
  if (!id) return "630";
  if (!route.templates) return null;
  const body = route.templates.get(id);
  if (body === undefined) return "630";
  if (!message.multipart && !matchesDltTemplate(body, message.text)) return TEMPLATE_MISMATCH;
  return null;
}
