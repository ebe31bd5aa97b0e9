// Ready profiles of the generic HTTP SMS adapter (server/carriers/sms-http) for providers whose API is documented:
// choosing one in the console fills the HTTP form with `form`, leaving the key, the sender ids and the entity id to
// the account; the channel stores the preset's id, and the adapter reads `refusal` (what the form has no field for:
// how the provider words a refusal in its answer's body) from here.
//
// MSG91 (India), from its documentation:
// - send: POST https://api.msg91.com/api/v2/sendsms with the key in an `authkey` header and a JSON body of sender,
//   route (4 transactional, 1 promotional), country, DLT_TE_ID (the DLT template id) and sms: [{ message, to: [...] }];
//   the answer {"type":"success","message":"<request id>"}, or {"type":"error","message":"…","code":"…"}.
// - error codes: 106 missing authentication key, 207 invalid authentication key, 208 IP blacklisted, 418 IP not
//   whitelisted (API security), 301 insufficient balance, 302 expired account, 303 banned account; 202 invalid mobile
//   number, 203 invalid sender id, 311 the same request twice within 10 seconds.
// - delivery reports: the panel's SMS › Webhook, version v3, POSTs JSON per recipient with requestId (the send's
//   request id), number, senderId, status and desc; status 1 delivered, 2 failed, 9 NDNC, 16 and 25 rejected, 17
//   blocked number.
// - customers' messages: MSG91's help pages (msg91.com/help/virtual-number) say a virtual (long code) number forwards
//   the messages customers send it to the account's callback URL, but no published list of that callback's fields
//   could be found (searched 2026-11-27: MSG91's help pages and API reference list only the DLR webhook's). The
//   preset fills sender, message and msgId, the names one public MSG91 integration reads; they are NOT verified against
//   MSG91's documentation, so the hint asks the account to check them against a message MSG91 posts. The number written
//   to is not among them: the account enters its virtual number as the channel's reply number.
// The entity id is not a field of this API (MSG91 holds it with the template registered in its panel); it is kept on
// the channel, where the console shows it.

export const SMS_HTTP_PRESET_IDS = ["msg91"] as const;
export type SmsHttpPresetId = (typeof SMS_HTTP_PRESET_IDS)[number];

/** The HTTP form's fields a preset fills (the names of schemas/sms-http-connect.ts). */
export interface SmsHttpPresetForm {
  url: string;
  auth_header: string;
  auth_prefix: string;
  body_template: string;
  message_id_path: string;
  dlr_id_path: string;
  dlr_status_path: string;
  dlr_code_path: string;
  dlr_delivered: string;
  dlr_failed: string;
  /** Customers' messages (the inbound callback): where each field is; the reply number is the account's to enter. */
  inbound_from_path: string;
  inbound_to_path: string;
  inbound_text_path: string;
  inbound_id_path: string;
}

/**
 * A refusal written in the answer's body (whatever its HTTP status): the value at `path` equal to `value`, the
 * provider's code at `codePath`. `keyCodes` mean the key is refused and `accountCodes` that the account cannot send
 * (balance, IP allow-list, a blocked account): both stop the channel until someone fixes it; any other code fails
 * the one recipient.
 */
export interface SmsHttpRefusal {
  path: string;
  value: string;
  codePath: string;
  keyCodes: readonly string[];
  accountCodes: readonly string[];
}

export interface SmsHttpPreset {
  id: SmsHttpPresetId;
  label: string;
  /** What the account does at the provider besides the form: shown with the form. */
  hint: string;
  form: SmsHttpPresetForm;
  refusal: SmsHttpRefusal;
}

const MSG91_BODY = {
  sender: "{{from}}",
  route: "4",
  country: "91",
  DLT_TE_ID: "{{dlt_template_id}}",
  sms: [{ message: "{{text}}", to: ["{{to_digits}}"] }],
};

export const SMS_HTTP_PRESETS: Readonly<Record<SmsHttpPresetId, SmsHttpPreset>> = {
  msg91: {
    id: "msg91",
    label: "MSG91 (India)",
    hint: "Enter your MSG91 authkey, the sender ids and your DLT entity id. Each message goes with its template's DLT template id (DLT_TE_ID) on the transactional route (4). Once connected, paste the delivery report URL into MSG91's SMS › Webhook and choose version v3. To receive customers' messages, enter your virtual number as the reply number and give MSG91 the inbound URL; its inbound fields are not documented, so check the three names below against a message MSG91 posts.",
    form: {
      url: "https://api.msg91.com/api/v2/sendsms",
      auth_header: "authkey",
      auth_prefix: "",
      body_template: JSON.stringify(MSG91_BODY, null, 2),
      message_id_path: "message",
      dlr_id_path: "requestId",
      dlr_status_path: "status",
      dlr_code_path: "desc",
      dlr_delivered: "1",
      dlr_failed: "2, 9, 16, 17, 25",
      // Unverified (see above): what one public integration reads from MSG91's virtual-number callback.
      inbound_from_path: "sender",
      inbound_to_path: "",
      inbound_text_path: "message",
      inbound_id_path: "msgId",
    },
    refusal: {
      path: "type",
      value: "error",
      codePath: "code",
      keyCodes: ["106", "207"],
      accountCodes: ["208", "301", "302", "303", "418"],
    },
  },
};

export const isSmsHttpPresetId = (value: unknown): value is SmsHttpPresetId =>
  typeof value === "string" && (SMS_HTTP_PRESET_IDS as readonly string[]).includes(value);
