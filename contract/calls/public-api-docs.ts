import { MSG } from "../messages";
import { DLT_ROUTE_MESSAGES } from "../domain/dlt-route";
import { SMS_VARIABLE_MAX } from "../domain/sms";
import { REQUEST_ID_HEADER } from "../constants";
import {
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_TTL_MS,
  PUBLIC_API_HEADERS,
  PUBLIC_ERRORS,
  type PublicErrorName,
} from "../domain/api-keys";
import type { PublicMessageDetail, PublicMessageRecord, PublicTemplateRecord } from "./api-key-records";
import { Type } from "./type";
import type { CallDocs, ExampleDoc, HeaderDoc } from "./types";

// What the API docs show of the public API beyond its schemas: the headers each call reads and answers with, and
// examples of requests and answers (taken from real answers of the server, ids and times changed).

export const HOURS = IDEMPOTENCY_TTL_MS / 3_600_000;

const REQUEST_ID: Readonly<Record<string, HeaderDoc>> = {
  [REQUEST_ID_HEADER]: {
    description:
      "This request's id (a proxy's own X-Request-Id when it sent a plain one): quote it when asking support about a request.",
    schema: Type.String(),
    example: "93f906c6-bab7-462a-90d0-1bca8dac1d20",
  },
};

const IDEMPOTENCY_KEY: Readonly<Record<string, HeaderDoc>> = {
  [PUBLIC_API_HEADERS.idempotencyKey]: {
    description:
      `Makes the send safe to retry: for ${HOURS} hours a request with the same key and the same body gets the first request's answer ` +
      `(marked \`${PUBLIC_API_HEADERS.replayed}: true\`) and sends nothing again; the same key with another body is refused (409).`,
    schema: Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: IDEMPOTENCY_KEY_PATTERN }),
    example: "order-4711-confirmation",
  },
};

export const REPLAYED: Readonly<Record<string, HeaderDoc>> = {
  [PUBLIC_API_HEADERS.replayed]: {
    description: `\`true\` when this is the stored answer of an earlier request with the same ${PUBLIC_API_HEADERS.idempotencyKey}: nothing was sent or charged again. Absent otherwise.`,
    schema: Type.String({ enum: ["true"] }),
    example: "true",
  },
};

const RETRY_AFTER: Readonly<Record<string, HeaderDoc>> = {
  [PUBLIC_API_HEADERS.retryAfter]: {
    description: "Seconds to wait before the key's rate limit admits another request.",
    schema: Type.String({ pattern: "^[0-9]+$" }),
    example: "1",
  },
};

/** The answer headers of every public call: the request id on each status, Retry-After on a 429. */
export const answerHeaders = (
  success: 200 | 201,
  extra: Readonly<Record<string, HeaderDoc>> = {},
): CallDocs["responseHeaders"] => ({
  [success]: { ...REQUEST_ID, ...extra },
  429: { ...REQUEST_ID, ...RETRY_AFTER },
  "4xx": REQUEST_ID,
  "5xx": REQUEST_ID,
});

/**
 * A refusal as the server answers it: PUBLIC_ERRORS' code and message (or a more precise message), and field errors.
 */
export function refusal(
  name: PublicErrorName,
  summary: string,
  message?: string,
  errors?: { field: string; message: string }[],
): ExampleDoc {
  const { code, message: standard } = PUBLIC_ERRORS[name];
  return { summary, value: { success: false, message: message ?? standard, code, ...(errors ? { errors } : {}) } };
}

/** Refusals any call can get: no or a bad key, a key without the call's scope. */
export const KEY_REFUSALS: Readonly<Record<string, ExampleDoc>> = {
  missingKey: refusal("missingKey", "401: no API key"),
  invalidKey: refusal("invalidKey", "401: a key that is not one of ours, or a wrong secret"),
  expiredKey: refusal("expiredKey", "401: the key has expired"),
  scopeDenied: refusal(
    "scopeDenied",
    "403: the key lacks the scope this call needs",
    "This API key does not have the messages:send scope this call needs.",
  ),
};

/** Refusals of the two send calls. */
const SEND_REFUSALS: Readonly<Record<string, ExampleDoc>> = {
  invalidNumber: refusal(
    "invalidRequest",
    "400: a number that is not a phone number",
    "to: is not a valid phone number",
    [{ field: "to", message: "is not a valid phone number" }],
  ),
  smsText: refusal(
    "invalidRequest",
    "400: SMS text without a DLT template",
    "text: SMS in India goes out only through a registered DLT template: send its templateId and variables",
    [
      {
        field: "text",
        message: "SMS in India goes out only through a registered DLT template: send its templateId and variables",
      },
    ],
  ),
  badIdempotencyKey: refusal(
    "invalidRequest",
    `400: an unusable ${PUBLIC_API_HEADERS.idempotencyKey}`,
    `${PUBLIC_API_HEADERS.idempotencyKey}: must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`,
    [
      {
        field: PUBLIC_API_HEADERS.idempotencyKey,
        message: `must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`,
      },
    ],
  ),
  insufficientBalance: refusal(
    "insufficientBalance",
    "402: the balance does not cover the request; nothing was sent",
    "Insufficient balance: this request costs ₹0.25 and the balance is ₹0.05. Nothing was sent.",
  ),
  channelDenied: refusal(
    "channelDenied",
    "403: the key may not send on this channel",
    "This API key may not send on whatsapp.",
  ),
  idempotencyConflict: refusal(
    "idempotencyConflict",
    `409: the ${PUBLIC_API_HEADERS.idempotencyKey} was used with another body`,
  ),
  windowClosed: refusal("windowClosed", "422: WhatsApp free text outside the customer's 24-hour window"),
  dltNumber: refusal(
    "dltRoute",
    "422: a number that is not an Indian mobile, on a DLT SMS route",
    `to: ${DLT_ROUTE_MESSAGES.notIndianMobile}`,
    [{ field: "to", message: DLT_ROUTE_MESSAGES.notIndianMobile }],
  ),
  dltVariable: refusal(
    "dltRoute",
    `422: a variable value over DLT's ${SMS_VARIABLE_MAX} characters`,
    `variables.1: ${DLT_ROUTE_MESSAGES.variableTooLong("#2", 36)}`,
    [{ field: "variables.1", message: DLT_ROUTE_MESSAGES.variableTooLong("#2", 36) }],
  ),
  ...KEY_REFUSALS,
};

export const RATE_LIMITED: Readonly<Record<string, ExampleDoc>> = {
  rateLimited: refusal(
    "rateLimited",
    "429: the key's rate limit is reached",
    "Rate limit of this API key reached (50 per second); try again in 1 s.",
  ),
};
export const SERVER_ERROR: Readonly<Record<string, ExampleDoc>> = {
  internalError: {
    summary: "500: the server failed; the request may be retried with the same Idempotency-Key",
    value: { success: false, message: MSG.internalError },
  },
};

const SMS_TEMPLATE_ID = "3c17a3dd-323f-489c-9c9a-715e165fb49f";
const RCS_BOT_ID = "8434bbfc-d3f9-42e1-b713-20662c0a521a";

const QUEUED_SMS: PublicMessageRecord = {
  id: "55889d23-da17-4fcf-afef-84ce1e0291c6",
  channel: "sms",
  channels: ["sms"],
  to: "+919000000001",
  from: "ACMEIN",
  status: "queued",
  reference: "order-4711",
  cost: 0.25,
  code: null,
  reason: null,
  createdAt: "2026-12-05T16:08:56.089Z",
  updatedAt: "2026-12-05T16:08:56.089Z",
};
const QUEUED_RCS: PublicMessageRecord = {
  id: "d7e002b9-db95-4ef3-bace-166f18f7f208",
  channel: "rcs",
  channels: ["rcs", "sms"],
  to: "+919000000002",
  from: RCS_BOT_ID,
  status: "queued",
  reference: null,
  cost: 0.3,
  code: null,
  reason: null,
  createdAt: "2026-12-05T16:08:57.946Z",
  updatedAt: "2026-12-05T16:08:57.946Z",
};

const SMS_BODY = {
  channel: "sms",
  to: "9000000001",
  templateId: SMS_TEMPLATE_ID,
  variables: ["Asha", "4711"],
  reference: "order-4711",
};
const RCS_BODY = {
  channel: "rcs",
  to: "+91 90000 00002",
  text: "Your order 4711 is out for delivery.",
  fallback: [{ channel: "sms", templateId: SMS_TEMPLATE_ID, variables: ["Asha", "4711"] }],
};

export const SEND_DOCS: CallDocs = {
  requestHeaders: IDEMPOTENCY_KEY,
  responseHeaders: answerHeaders(201, REPLAYED),
  bodyExamples: {
    smsTemplate: { summary: "An SMS from a DLT template, with its two values", value: SMS_BODY },
    rcsWithFallback: { summary: "RCS text, falling back to an SMS template where RCS cannot deliver", value: RCS_BODY },
  },
  responseExamples: {
    201: {
      smsTemplate: {
        summary: "Accepted and paid for: queued for the carrier",
        value: { success: true, data: QUEUED_SMS },
      },
      rcsWithFallback: {
        summary: "Accepted on RCS with SMS as its fallback (charged when sent)",
        value: { success: true, data: QUEUED_RCS },
      },
    },
    "4xx": SEND_REFUSALS,
    429: RATE_LIMITED,
    "5xx": SERVER_ERROR,
  },
};

export const BATCH_DOCS: CallDocs = {
  requestHeaders: IDEMPOTENCY_KEY,
  responseHeaders: answerHeaders(201, REPLAYED),
  bodyExamples: {
    twoSms: {
      summary: "Two SMS from one template",
      value: {
        messages: [
          { channel: "sms", to: "9000000003", templateId: SMS_TEMPLATE_ID, variables: ["Asha", "4711"] },
          { channel: "sms", to: "9000000004", templateId: SMS_TEMPLATE_ID, variables: ["Ravi", "4712"] },
        ],
      },
    },
  },
  responseExamples: {
    201: {
      twoSms: {
        summary: "Both accepted and paid for together",
        value: {
          success: true,
          data: {
            messages: [
              {
                ...QUEUED_SMS,
                id: "18202023-362e-4eec-9f82-3eff66c03264",
                to: "+919000000003",
                reference: null,
                createdAt: "2026-12-05T16:08:59.068Z",
                updatedAt: "2026-12-05T16:08:59.068Z",
              },
              {
                ...QUEUED_SMS,
                id: "e5007844-bf92-4ad9-9ba9-e571fcdd3eec",
                to: "+919000000004",
                reference: null,
                createdAt: "2026-12-05T16:08:59.068Z",
                updatedAt: "2026-12-05T16:08:59.068Z",
              },
            ],
            count: 2,
            cost: 0.5,
          },
        },
      },
    },
    "4xx": {
      ...SEND_REFUSALS,
      invalidNumber: refusal(
        "invalidRequest",
        "400: one message of the batch is wrong; none was sent",
        "messages.1.to: is not a valid phone number",
        [{ field: "messages.1.to", message: "is not a valid phone number" }],
      ),
    },
    429: RATE_LIMITED,
    "5xx": SERVER_ERROR,
  },
};

const DELIVERED: PublicMessageDetail = {
  ...QUEUED_SMS,
  status: "delivered",
  updatedAt: "2026-12-05T16:08:57.468Z",
  requestId: "4c38f3df-5e1f-4b68-898e-951afddfbb48",
  history: [
    { status: "queued", channel: "sms", at: "2026-12-05T16:08:56.089Z" },
    { status: "sent", channel: "sms", at: "2026-12-05T16:08:56.441Z" },
    { status: "delivered", channel: "sms", at: "2026-12-05T16:08:57.325Z" },
  ],
};

export const GET_DOCS: CallDocs = {
  responseHeaders: answerHeaders(200),
  parameterExamples: { id: QUEUED_SMS.id },
  responseExamples: {
    200: {
      delivered: {
        summary: "An SMS that was delivered, with every state it went through",
        value: { success: true, data: DELIVERED },
      },
    },
    "4xx": {
      notFound: refusal("notFound", "404: no message of this key's account has that id", "Message not found"),
      ...KEY_REFUSALS,
    },
    429: RATE_LIMITED,
    "5xx": SERVER_ERROR,
  },
};

const SMS_TEMPLATE: PublicTemplateRecord = {
  id: SMS_TEMPLATE_ID,
  channel: "sms",
  name: "order_update",
  from: "ACMEIN",
  variables: 2,
  body: "Dear {#var#}, your code is {#var#}. - ACME",
};

export const TEMPLATES_DOCS: CallDocs = {
  responseHeaders: answerHeaders(200),
  parameterExamples: { channel: "sms" },
  responseExamples: {
    200: { sms: { summary: "The SMS templates the key may send", value: { success: true, data: [SMS_TEMPLATE] } } },
    "4xx": {
      badChannel: refusal(
        "invalidRequest",
        "400: a channel that does not exist",
        "channel: must be one of rcs, sms, whatsapp",
        [{ field: "channel", message: "must be one of rcs, sms, whatsapp" }],
      ),
      ...KEY_REFUSALS,
    },
    429: RATE_LIMITED,
    "5xx": SERVER_ERROR,
  },
};
