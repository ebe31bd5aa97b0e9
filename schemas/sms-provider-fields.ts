import { SMS_HEADER_PATTERN, SMS_SENDER_IDS_MAX } from "../contract/domain/sms";
import { SMS_HTTP_PRESET_IDS } from "../contract/domain/sms-http-presets";
import { WHATSAPP_CLOUD_FIELDS } from "./whatsapp-cloud-fields";

/**
 * The fields of an SMS provider connection (SMPP 3.4 and generic HTTP), shared by both connect forms: a name, the
 * headers it sends (each must be a sender id of one of the caller's SMS accounts), throughput and India DLT entity id.
 * SMPP's lengths are the protocol's (§4.1.1: system_id 16, system_type 13 octets with the terminating NUL).
 */
export const SMS_PROVIDER_FIELDS = {
  name: WHATSAPP_CLOUD_FIELDS.name,
  sender_ids: {
    type: "array",
    title: "Sender ids (headers)",
    description: "The DLT headers this provider sends; messages from other headers keep going out through the sandbox",
    minItems: 1,
    maxItems: SMS_SENDER_IDS_MAX,
    uniqueItems: true,
    items: { type: "string", title: "Header", pattern: SMS_HEADER_PATTERN },
  },
  messages_per_second: {
    type: "integer",
    title: "Throughput (messages per second)",
    description: "What your provider's contract allows per bind; 100 is the usual",
    minimum: 1,
    maximum: 10000,
    default: 100,
  },
  dlt_entity_id: {
    type: "string",
    title: "DLT entity id",
    description: "Your principal entity id, sent with every message",
    pattern: "^[0-9]{10,25}$",
  },
  host: {
    type: "string",
    title: "SMSC host",
    description: "The provider's SMPP server name or address",
    minLength: 1,
    maxLength: 253,
    pattern: "^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$",
  },
  port: { type: "integer", title: "Port", minimum: 1, maximum: 65535, default: 2775 },
  system_id: {
    type: "string",
    title: "System id",
    description: "The bind's user name, as your provider gave it",
    minLength: 1,
    maxLength: 15,
    pattern: "^[\\x21-\\x7e]+$",
  },
  password: { type: "string", title: "Password", minLength: 1, maxLength: 64, pattern: "^[^\\u0000]+$" },
  system_type: {
    type: "string",
    title: "System type",
    description: "Only if your provider asks for one",
    maxLength: 12,
    pattern: "^[\\x21-\\x7e]*$",
  },
  dlt_entity_id_tag: {
    type: "string",
    title: "DLT entity id TLV tag",
    description: "The optional parameter your provider reads the entity id from, hexadecimal (commonly 0x1400)",
    pattern: "^0[xX][0-9a-fA-F]{1,4}$",
    default: "0x1400",
  },
  url: {
    type: "string",
    title: "Send URL",
    description: "Where each message is POSTed (http or https)",
    maxLength: 2048,
    pattern: "^https?://[^\\s]+$",
  },
  auth_header: {
    type: "string",
    title: "Auth header",
    description: "The header the API key goes in",
    minLength: 1,
    maxLength: 64,
    pattern: "^[A-Za-z0-9-]+$",
    default: "Authorization",
  },
  auth_prefix: {
    type: "string",
    title: "Before the key",
    description: '"Bearer " for a bearer token; empty for a plain key header',
    maxLength: 32,
    pattern: "^[^\\r\\n]*$",
    default: "Bearer ",
  },
  api_key: { type: "string", title: "API key", minLength: 8, maxLength: 1024, pattern: "^[^\\s]+$" },
  body_template: {
    type: "string",
    title: "Body template (JSON)",
    description:
      "A JSON object; {{to}}, {{to_digits}}, {{from}}, {{text}}, {{id}}, {{entity_id}} and {{dlt_template_id}} (the message's DLT template) are filled in each message",
    minLength: 2,
    maxLength: 4000,
    default: '{"to": "{{to_digits}}", "sender": "{{from}}", "message": "{{text}}", "pe_id": "{{entity_id}}"}',
  },
  preset: {
    type: "string",
    title: "Preset",
    description: "The documented provider API the settings were filled from",
    enum: SMS_HTTP_PRESET_IDS,
  },
  message_id_path: {
    type: "string",
    title: "Message id in the answer",
    description: "Dot path of the provider's message id in its JSON answer",
    minLength: 1,
    maxLength: 128,
    pattern: "^[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$",
    default: "data.message_id",
  },
  dlr_id_path: {
    type: "string",
    title: "Message id in a delivery report",
    minLength: 1,
    maxLength: 128,
    pattern: "^[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$",
    default: "message_id",
  },
  dlr_status_path: {
    type: "string",
    title: "Status in a delivery report",
    minLength: 1,
    maxLength: 128,
    pattern: "^[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$",
    default: "status",
  },
  dlr_code_path: {
    type: "string",
    title: "Error code in a delivery report",
    maxLength: 128,
    pattern: "^([A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*)?$",
    default: "error_code",
  },
  dlr_delivered: {
    type: "string",
    title: "Statuses meaning delivered",
    description: "Comma-separated, as the provider writes them",
    minLength: 1,
    maxLength: 256,
    default: "DELIVERED, DELIVRD",
  },
  inbound_from_path: {
    type: "string",
    title: "Customer's number in an inbound message",
    description:
      "Optional: to receive customers' messages, dot paths of the provider's inbound callback (JSON, form or query)",
    maxLength: 128,
    pattern: "^([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*)?$",
  },
  inbound_to_path: {
    type: "string",
    title: "Number written to in an inbound message",
    description:
      "Where the callback says your number; or leave it empty and enter the reply number below. Customers' messages are taken once one of the two is set",
    maxLength: 128,
    pattern: "^([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*)?$",
  },
  inbound_text_path: {
    type: "string",
    title: "Text in an inbound message",
    maxLength: 128,
    pattern: "^([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*)?$",
  },
  inbound_id_path: {
    type: "string",
    title: "Message id in an inbound message",
    description: "The provider's id: a message posted twice is stored once",
    maxLength: 128,
    pattern: "^([A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)*)?$",
  },
  inbound_number: {
    type: "string",
    title: "Reply number",
    description:
      "Your long number (virtual number) at this provider, for a callback that does not say it, e.g. +919876500001",
    maxLength: 20,
    pattern: "^(\\+?[0-9]{8,15})?$",
  },
  dlr_failed: {
    type: "string",
    title: "Statuses meaning failed",
    description: "Comma-separated, as the provider writes them",
    minLength: 1,
    maxLength: 256,
    default: "UNDELIVERED, UNDELIV, FAILED, REJECTED, EXPIRED",
  },
} as const;
