/** WhatsApp templates: what both ends agree on beyond the call table (the record, the pushed event). */
export type { WaTemplateRow as WhatsAppTemplateRecord } from "../calls/whatsapp-template-records";
export { WA_TEMPLATE_FIELDS } from "../calls/whatsapp-template-records";

/**
 * socket.io event sent to the owner's room when the review job changes a template's status; the payload is the record.
 */
export const TEMPLATE_STATUS_EVENT = "templateStatus";
