// Values and payloads from Meta's own documentation, so the stand-in answers what Meta documents rather than what the
// adapter expects. Sources: Meta's Business Messaging OpenAPI description (github.com/facebook/openapi,
// business-messaging-api_v23.0.yaml: the examples of /{Phone-Number-ID}/messages, /{Phone-Number-ID},
// /{WABA-ID}/phone_numbers, /{WABA-ID}/message_templates and /whatsapp/webhooks), and the developer documentation's
// pages "Status messages webhook reference", "message_template_status_update webhook reference", "Cloud API Error
// Codes" and "Resumable Upload API".

/** The documentation's example business: WABA, phone number and its display number and name. */
export const DOC_WABA_ID = "102290129340398";
export const DOC_PHONE_NUMBER_ID = "106540352242922";
export const DOC_DISPLAY_PHONE_NUMBER = "15550783881";
export const DOC_VERIFIED_NAME = "Jaspers Market";
/** The documentation's example customer (WhatsApp user) and message id. */
export const DOC_CUSTOMER_WA_ID = "16505551234";
export const DOC_CUSTOMER_NAME = "Sheena Nelson";
export const DOC_WAMID = "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJCOTY3NDc0NDFDRUI3NTA0Q0UA";
export const DOC_TEMPLATE_ID = "1689556908129832";

/** "Send Text Message" (POST /{Phone-Number-ID}/messages), the request body as documented. */
export const DOC_SEND_TEXT_REQUEST = {
  messaging_product: "whatsapp",
  recipient_type: "individual",
  text: { body: "text-message-content", preview_url: false },
  to: "{{Recipient-Phone-Number}}",
  type: "text",
} as const;

/** The documented answer to a send ("Example response"). */
export const DOC_SEND_RESPONSE = {
  contacts: [{ input: "+16505551234", wa_id: "16505551234" }],
  messages: [{ id: DOC_WAMID }],
  messaging_product: "whatsapp",
} as const;

/** The documented answer to POST /{WABA-ID}/message_templates ("Example response"). */
export const DOC_TEMPLATE_CREATED = { category: "UTILITY", id: DOC_TEMPLATE_ID, status: "PENDING" } as const;

/** The documented GET /{WABA-ID}/message_templates page ("Example response"). */
export const DOC_TEMPLATE_PAGE = {
  data: [
    {
      category: "MARKETING",
      components: [
        { format: "TEXT", text: "Hello World", type: "HEADER" },
        {
          text: "Welcome and congratulations!! This message demonstrates your ability to send a message notification from WhatsApp Business Platform’s Cloud API. Thank you for taking the time to test with us.",
          type: "BODY",
        },
        { text: "WhatsApp Business API Team", type: "FOOTER" },
      ],
      id: "1192339204654487",
      language: "en_US",
      name: "hello_world",
      previous_category: "ACCOUNT_UPDATE",
      status: "APPROVED",
    },
    {
      category: "MARKETING",
      components: [
        { format: "TEXT", text: "Fall Sale", type: "HEADER" },
        {
          example: { body_text: [["Mark", "FALL25"]] },
          text: "Hi {{1}}, our Fall Sale is on! Use promo code {{2}} Get an extra 25% off every order above $350!",
          type: "BODY",
        },
        { text: "Not interested in any of our sales? Tap Stop Promotions", type: "FOOTER" },
        { buttons: [{ text: "Stop promotions", type: "QUICK_REPLY" }], type: "BUTTONS" },
      ],
      id: "920070352646140",
      language: "en_US",
      name: "2023_april_promo",
      status: "APPROVED",
    },
  ],
  paging: { cursors: { after: "MjQZD", before: "MAZDZD" } },
} as const;

/** The documented webhook for a customer's text message ("Text Message" of /whatsapp/webhooks). */
export const DOC_TEXT_MESSAGE_WEBHOOK = {
  object: "whatsapp_business_account",
  entry: [
    {
      id: "419561257915477",
      changes: [
        {
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: DOC_DISPLAY_PHONE_NUMBER, phone_number_id: DOC_PHONE_NUMBER_ID },
            contacts: [{ profile: { name: DOC_CUSTOMER_NAME }, wa_id: DOC_CUSTOMER_WA_ID }],
            messages: [
              {
                from: DOC_CUSTOMER_WA_ID,
                id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
                timestamp: "1749416383",
                type: "text",
                text: { body: "Does it come in another color?" },
              },
            ],
          },
          field: "messages",
        },
      ],
    },
  ],
} as const;

/** The documented webhook for a tapped reply button ("Interactive Button Reply Message"). */
export const DOC_BUTTON_REPLY_WEBHOOK = {
  object: "whatsapp_business_account",
  entry: [
    {
      id: "419561257915477",
      changes: [
        {
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: DOC_DISPLAY_PHONE_NUMBER, phone_number_id: DOC_PHONE_NUMBER_ID },
            contacts: [{ profile: { name: DOC_CUSTOMER_NAME }, wa_id: DOC_CUSTOMER_WA_ID }],
            messages: [
              {
                context: {
                  from: DOC_DISPLAY_PHONE_NUMBER,
                  id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MEM2RUJFNkI0RENGQTVDRjUA",
                },
                from: DOC_CUSTOMER_WA_ID,
                id: "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTZBQzg0MzQ4QjRCM0NGNkVGOAA=",
                timestamp: "1750025136",
                type: "interactive",
                interactive: { type: "button_reply", button_reply: { id: "cancel-button", title: "Cancel" } },
              },
            ],
          },
          field: "messages",
        },
      ],
    },
  ],
} as const;

/** A status webhook in the documented syntax ("Status messages webhook reference"), with its example values. */
export function docStatusWebhook(status: {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  id: string;
  status: "sent" | "delivered" | "read" | "failed";
  timestamp: number;
  recipientId: string;
  bizOpaqueCallbackData?: string;
  error?: { code: number; title: string; message: string; details: string };
}) {
  const withPricing = status.status === "sent" || status.status === "delivered";
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: status.wabaId,
        changes: [
          {
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: status.displayPhoneNumber, phone_number_id: status.phoneNumberId },
              statuses: [
                {
                  id: status.id,
                  status: status.status,
                  timestamp: String(status.timestamp),
                  recipient_id: status.recipientId,
                  ...(status.bizOpaqueCallbackData ? { biz_opaque_callback_data: status.bizOpaqueCallbackData } : {}),
                  ...(withPricing
                    ? { pricing: { billable: true, pricing_model: "PMP", type: "regular", category: "marketing" } }
                    : {}),
                  ...(status.error
                    ? {
                        errors: [
                          {
                            code: status.error.code,
                            title: status.error.title,
                            message: status.error.message,
                            error_data: { details: status.error.details },
                            href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/",
                          },
                        ],
                      }
                    : {}),
                },
              ],
            },
            field: "messages",
          },
        ],
      },
    ],
  };
}

/** A template verdict in the documented syntax ("message_template_status_update webhook reference"). */
export function docTemplateStatusWebhook(update: {
  wabaId: string;
  time: number;
  event: "APPROVED" | "REJECTED" | "PAUSED" | "DISABLED" | "PENDING";
  templateId: string;
  name: string;
  language: string;
  reason: string;
  category?: string;
  otherInfo?: { title: string; description: string };
  rejectionInfo?: { reason: string; recommendation: string };
}) {
  return {
    entry: [
      {
        id: update.wabaId,
        time: update.time,
        changes: [
          {
            value: {
              event: update.event,
              message_template_id: Number(update.templateId),
              message_template_name: update.name,
              message_template_language: update.language,
              reason: update.reason,
              ...(update.category ? { message_template_category: update.category } : {}),
              ...(update.event === "DISABLED" ? { disable_info: { disable_date: String(update.time) } } : {}),
              ...(update.otherInfo ? { other_info: update.otherInfo } : {}),
              ...(update.rejectionInfo ? { rejection_info: update.rejectionInfo } : {}),
            },
            field: "message_template_status_update",
          },
        ],
      },
    ],
    object: "whatsapp_business_account",
  };
}

/**
 * Error answers: Meta's syntax ({ error: { message, type, code, error_data: { messaging_product, details },
 * fbtrace_id } }) with the titles and HTTP statuses of the error code reference; 190 is the documented example of
 * GET /{Phone-Number-ID}'s 401 "Invalid access token".
 */
export const DOC_ERRORS = {
  190: { status: 401, message: "Invalid OAuth access token", type: "OAuthException", details: undefined },
  100: {
    status: 400,
    message: "(#100) Invalid parameter",
    type: "OAuthException",
    details: "Parameter value is not valid",
  },
  130429: {
    status: 400,
    message: "(#130429) Rate limit hit",
    type: "OAuthException",
    details:
      "Message failed to send because there were too many messages sent from this phone number in a short period of time",
  },
  131056: {
    status: 400,
    message: "(#131056) (Business Account, Consumer Account) pair rate limit hit",
    type: "OAuthException",
    details:
      "Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time",
  },
  131047: {
    status: 400,
    message: "(#131047) Re-engagement message",
    type: "OAuthException",
    details:
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
  },
  // Meta's reference: the recipient chose to stop marketing messages from this business; sent as a failed status.
  131050: {
    status: 400,
    message: "(#131050) Unable to deliver message",
    type: "OAuthException",
    details:
      "Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.",
  },
  131026: {
    status: 400,
    message: "(#131026) Message undeliverable",
    type: "OAuthException",
    details:
      "Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number.",
  },
  // A template's dynamic URL button sent without its suffix (a "button" component with a text parameter at its index).
  131008: {
    status: 400,
    message: "(#131008) Required parameter is missing",
    type: "OAuthException",
    details: "buttons: Button at index 0 of type Url requires a parameter",
  },
  132000: {
    status: 400,
    message: "(#132000) Number of parameters does not match the expected number of params",
    type: "OAuthException",
    details: "body: number of localizable_params does not match the expected number of params",
  },
  132001: {
    status: 404,
    message: "(#132001) Template name does not exist in the translation",
    type: "OAuthException",
    details: "template name does not exist in the translation",
  },
  132012: {
    status: 400,
    message: "(#132012) Parameter format does not match format in the created template",
    type: "OAuthException",
    details: "header: Format mismatch, expected IMAGE, received UNKNOWN",
  },
  // The error reference: "Media upload error. Unable to upload the media used in the message." (a type or size
  // outside the supported media types).
  131053: {
    status: 400,
    message: "(#131053) Media upload error",
    type: "OAuthException",
    details: "Unable to upload the media used in the message.",
  },
  131000: {
    status: 500,
    message: "(#131000) Something went wrong",
    type: "OAuthException",
    details: "Something went wrong",
  },
} as const;

export type DocErrorCode = keyof typeof DOC_ERRORS;

export function docError(code: DocErrorCode, details?: string) {
  const e = DOC_ERRORS[code];
  const detail = details ?? e.details;
  return {
    status: e.status,
    body: {
      error: {
        message: e.message,
        type: e.type,
        code: Number(code),
        ...(detail ? { error_data: { messaging_product: "whatsapp", details: detail } } : {}),
        fbtrace_id: "AXsgnV2Cm3ZMGF3dF_cfYIn",
      },
    },
  };
}
