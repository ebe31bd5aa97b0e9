import { SMS_PROVIDER_FIELDS as F } from "./sms-provider-fields";

/**
 * Connecting an SMS provider that speaks HTTP: where to POST, the key and the header it goes in, the body template,
 * where the answer keeps the message id and how delivery reports read; optionally how customers' messages (the inbound
 * callback) read. Checked with the provider before saving.
 */
export const smsHttpConnect = {
  title: "Connect an HTTP SMS provider",
  type: "object",
  additionalProperties: false,
  required: [
    "name",
    "sender_ids",
    "url",
    "auth_header",
    "api_key",
    "body_template",
    "message_id_path",
    "dlr_id_path",
    "dlr_status_path",
    "dlr_delivered",
    "dlr_failed",
  ],
  properties: {
    preset: F.preset,
    name: F.name,
    sender_ids: F.sender_ids,
    url: F.url,
    auth_header: F.auth_header,
    auth_prefix: F.auth_prefix,
    api_key: F.api_key,
    body_template: F.body_template,
    message_id_path: F.message_id_path,
    dlr_id_path: F.dlr_id_path,
    dlr_status_path: F.dlr_status_path,
    dlr_code_path: F.dlr_code_path,
    dlr_delivered: F.dlr_delivered,
    dlr_failed: F.dlr_failed,
    inbound_from_path: F.inbound_from_path,
    inbound_to_path: F.inbound_to_path,
    inbound_text_path: F.inbound_text_path,
    inbound_id_path: F.inbound_id_path,
    inbound_number: F.inbound_number,
    messages_per_second: F.messages_per_second,
    dlt_entity_id: F.dlt_entity_id,
  },
} as const;
