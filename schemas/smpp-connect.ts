import { SMS_PROVIDER_FIELDS as F } from "./sms-provider-fields";

/** Connecting an SMS provider over SMPP 3.4: the SMSC and the bind's credentials, checked with a bind before saving. */
export const smppConnect = {
  title: "Connect an SMPP provider",
  type: "object",
  additionalProperties: false,
  required: ["name", "sender_ids", "host", "port", "system_id", "password"],
  properties: {
    name: F.name,
    sender_ids: F.sender_ids,
    host: F.host,
    port: F.port,
    system_id: F.system_id,
    password: F.password,
    system_type: F.system_type,
    messages_per_second: F.messages_per_second,
    dlt_entity_id: F.dlt_entity_id,
    dlt_entity_id_tag: F.dlt_entity_id_tag,
  },
} as const;
