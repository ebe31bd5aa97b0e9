import type { Static } from "@sinclair/typebox";
import type { ConversionRecord } from "./public-conversions";
import { answerHeaders, KEY_REFUSALS, RATE_LIMITED, refusal, SERVER_ERROR } from "./public-api-docs";
import { MSG } from "../messages";
import type { CallDocs } from "./types";

// The API docs' examples of the conversions call (taken from real answers, ids and times changed).

const ORDER: Static<typeof ConversionRecord> = {
  id: "0f5a8c2e-6b1d-4c7e-9a3f-2d8e1b7c4a90",
  externalId: "order-10452",
  kind: "order",
  value: "1499.50",
  currency: "INR",
  occurredAt: "2026-12-05T10:20:00.000Z",
  attributed: true,
  attributedBy: "code",
  campaignId: "3b6f1d2a-9c4e-4f8b-a7d5-6e2c1f0b9a83",
  createdAt: "2026-12-05T10:20:01.000Z",
};
const LEAD: Static<typeof ConversionRecord> = {
  ...ORDER,
  id: "7c2e9b14-3a5d-4f60-8e1b-9d4c2a7f5e36",
  externalId: "lead-88",
  kind: "lead",
  value: null,
  attributed: false,
  attributedBy: null,
  campaignId: null,
};

const HEADERS = answerHeaders(201);

/** The answers of a conversion recorded, kept unattributed or seen before: the call's and the postback's. */
const RECORDED: CallDocs["responseExamples"] = {
  201: { attributed: { summary: "Attributed to a campaign message", value: { success: true, data: ORDER } } },
  202: {
    unattributed: {
      summary: "No message of the account in the window: kept, counted for the account",
      value: { success: true, data: LEAD },
    },
  },
  200: {
    again: {
      summary: "The same externalId again: the first result, nothing recorded",
      value: { success: true, data: ORDER },
    },
  },
};
const NEITHER = refusal(
  "invalidRequest",
  "400: neither a click code nor a number",
  "Give the click code (code) or the customer's number (number)",
);

export const CONVERSION_DOCS: CallDocs = {
  responseHeaders: { ...HEADERS, 200: HEADERS?.[201], 202: HEADERS?.[201] },
  bodyExamples: {
    byCode: {
      summary: "An order, by the click code of the short link the customer opened",
      value: { code: "4fK9xQ2m0aB7", kind: "order", value: "1499.50", externalId: "order-10452" },
    },
    byNumber: {
      summary: "A lead, by the customer's number (the latest message delivered or clicked in the window)",
      value: { number: "+919876543210", kind: "lead", occurredAt: "2026-12-05T10:20:00Z", externalId: "lead-88" },
    },
  },
  responseExamples: {
    ...RECORDED,
    "4xx": {
      ...KEY_REFUSALS,
      scopeDenied: refusal(
        "scopeDenied",
        "403: the key lacks the conversions:write scope",
        "This API key does not have the conversions:write scope this call needs.",
      ),
      codeNotFound: refusal(
        "notFound",
        "404: a click code of no message of this account",
        "No message of this account has this click code",
      ),
      neither: NEITHER,
      badValue: refusal("invalidRequest", "400: a value that is not rupees", "body/value must match pattern", [
        { field: "value", message: "must match pattern" },
      ]),
    },
    429: RATE_LIMITED,
    "5xx": SERVER_ERROR,
  },
};

/** The postback URL's examples: no key, so no key refusals and no rate-limit headers; the token in the path is the key. */
export const POSTBACK_DOCS: CallDocs = {
  responseHeaders: CONVERSION_DOCS.responseHeaders,
  parameterExamples: {
    token: "pb_Xq3V9dK2mLw8RtY0aB5cN7eF1gH4jP6sU2vZ8xQ0kM",
    code: "4fK9xQ2m0aB7",
    kind: "order",
    number: "+919876543210",
    value: "1499.50",
    currency: "INR",
    occurredAt: "2026-12-05T10:20:00Z",
    externalId: "order-10452",
  },
  responseExamples: {
    ...RECORDED,
    "4xx": {
      revoked: refusal(
        "notFound",
        "404: a token that was replaced, revoked or mistyped",
        "This postback URL is not valid: it was replaced, revoked or mistyped",
      ),
      neither: NEITHER,
    },
    429: {
      rateLimited: refusal("rateLimited", "429: too many calls from one address (1,200 a minute)", MSG.tooManyAttempts),
    },
    "5xx": SERVER_ERROR,
  },
};
