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

/** The TLV tags a DLT route reads the principal entity id and the template id from. */
export interface DltRoute {
  entityIdTag: number;
  templateIdTag: number;
}

export const DLT_ROUTE: DltRoute = { entityIdTag: 0x1400, templateIdTag: 0x1401 };

/** The DLT platform's error code when the route scrubs a message out for a missing TLV; null when it passes. */
export function dltError(route: DltRoute, tlvs: Readonly<Record<string, string>>): "604" | "630" | null {
  if (!tlvs[String(route.entityIdTag)]) return "604";
  if (!tlvs[String(route.templateIdTag)]) return "630";
  return null;
}
