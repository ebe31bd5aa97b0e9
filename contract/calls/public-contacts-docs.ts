import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_PATTERN, PUBLIC_API_HEADERS } from "../domain/api-keys";
import type { ConsentEventRecord, ConsentStateRecord } from "./consent";
import type { ContactRecord } from "./contacts";
import { answerHeaders, HOURS, KEY_REFUSALS, RATE_LIMITED, REPLAYED, refusal, SERVER_ERROR } from "./public-api-docs";
import { Type } from "./type";
import type { CallDocs, ExampleDoc, HeaderDoc } from "./types";

// The API docs' examples of the public contacts and consent calls (taken from real answers, ids and times changed).

const ASHA: ContactRecord = {
  id: "5b0f7c8e-2f7a-4a57-9d1c-0d6f3f0b7a11",
  number: "+919876543210",
  name: "Asha Rao",
  email: "asha@example.in",
  language: "en",
  labels: ["vip"],
  attributes: { city: "Pune" },
  source: "api",
  createdAt: "2026-12-05T10:15:00.000Z",
  updatedAt: "2026-12-05T10:15:00.000Z",
};

const NOT_FOUND = refusal(
  "notFound",
  "404: no contact of this key's account has that id or number",
  "Contact not found",
);
const SCOPE_DENIED = refusal(
  "scopeDenied",
  "403: the key lacks the contacts:manage scope",
  "This API key does not have the contacts:manage scope this call needs.",
);
const BAD_NUMBER = refusal(
  "invalidRequest",
  "400: a number that is not a phone number",
  "number: is not a valid phone number",
  [{ field: "number", message: "is not a valid phone number" }],
);

/** The answers every contacts call can give besides its success. */
const failures = (extra: Readonly<Record<string, ExampleDoc>>) => ({
  "4xx": { ...extra, ...KEY_REFUSALS, scopeDenied: SCOPE_DENIED },
  429: RATE_LIMITED,
  "5xx": SERVER_ERROR,
});

export const CONTACT_LIST_DOCS: CallDocs = {
  responseHeaders: answerHeaders(200),
  parameterExamples: { q: "98765", label: "vip", cursor: "WyIyMDI2LTEyLTA1IDEwOjE1OjAwKzAwIiwiNWIwZiJd", limit: 20 },
  responseExamples: {
    200: {
      page: {
        summary: "A page of contacts and the cursor of the next",
        value: { success: true, data: [ASHA], nextCursor: "WyIyMDI2LTEyLTA1IDEwOjE1OjAwKzAwIiwiNWIwZiJd" },
      },
    },
    ...failures({
      badCursor: refusal("invalidRequest", "400: a cursor this server did not give", "The cursor is not valid", [
        { field: "cursor", message: "is not valid" },
      ]),
    }),
  },
};

export const CONTACT_GET_DOCS: CallDocs = {
  responseHeaders: answerHeaders(200),
  parameterExamples: { id: ASHA.id },
  responseExamples: {
    200: { contact: { summary: "The contact", value: { success: true, data: ASHA } } },
    ...failures({ notFound: NOT_FOUND }),
  },
};

export const CONTACT_BY_NUMBER_DOCS: CallDocs = {
  responseHeaders: answerHeaders(200),
  parameterExamples: { number: "919876543210" },
  responseExamples: {
    200: { contact: { summary: "The contact with this number", value: { success: true, data: ASHA } } },
    ...failures({ notFound: NOT_FOUND }),
  },
};

const CREATE_BODY = {
  number: "+91 98765 43210",
  name: "Asha Rao",
  email: "asha@example.in",
  language: "en",
  labels: ["vip"],
  attributes: { city: "Pune" },
};

export const CONTACT_CREATE_DOCS: CallDocs = {
  responseHeaders: answerHeaders(201),
  bodyExamples: { asha: { summary: "A contact with a custom attribute", value: CREATE_BODY } },
  responseExamples: {
    201: { created: { summary: "Added, its number in E.164", value: { success: true, data: ASHA } } },
    ...failures({
      badNumber: BAD_NUMBER,
      exists: refusal(
        "contactExists",
        "409: the account has a contact with this number",
        "+919876543210 is already a contact",
      ),
      erased: refusal("erased", "422: the person with this number was erased at their request"),
    }),
  },
};

export const CONTACT_UPDATE_DOCS: CallDocs = {
  responseHeaders: answerHeaders(200),
  parameterExamples: { id: ASHA.id },
  bodyExamples: { rename: { summary: "A new name and labels", value: { name: "Asha R.", labels: ["vip", "pune"] } } },
  responseExamples: {
    200: {
      saved: {
        summary: "The contact as saved",
        value: { success: true, data: { ...ASHA, name: "Asha R.", labels: ["pune", "vip"] } },
      },
    },
    ...failures({ notFound: NOT_FOUND, badNumber: BAD_NUMBER }),
  },
};

export const CONTACT_DELETE_DOCS: CallDocs = {
  responseHeaders: answerHeaders(200),
  parameterExamples: { id: ASHA.id },
  responseExamples: {
    200: { deleted: { summary: "Deleted", value: { success: true, data: { id: ASHA.id } } } },
    ...failures({ notFound: NOT_FOUND }),
  },
};

const UPSERT_KEY: Readonly<Record<string, HeaderDoc>> = {
  [PUBLIC_API_HEADERS.idempotencyKey]: {
    description:
      `The upsert is safe to repeat without it (a row that changes nothing is \`unchanged\`). With it, for ${HOURS} hours a request with the same key and body gets the first answer again ` +
      `(marked \`${PUBLIC_API_HEADERS.replayed}: true\`); the same key with another body is refused (409).`,
    schema: Type.String({ minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX, pattern: IDEMPOTENCY_KEY_PATTERN }),
    example: "crm-sync-2026-12-05",
  },
};

export const CONTACT_UPSERT_DOCS: CallDocs = {
  requestHeaders: UPSERT_KEY,
  responseHeaders: answerHeaders(200, REPLAYED),
  bodyExamples: {
    sync: {
      summary: "Two contacts from a CRM, one with a bad number",
      value: { contacts: [CREATE_BODY, { number: "12", name: "Ravi" }] },
    },
  },
  responseExamples: {
    200: {
      sync: {
        summary: "One created; the other refused, named by its index",
        value: {
          success: true,
          data: {
            results: [
              { index: 0, status: "created", id: ASHA.id, number: ASHA.number, errors: [] },
              {
                index: 1,
                status: "failed",
                id: null,
                number: null,
                errors: [{ field: "contacts/1/number", message: "is not a valid phone number" }],
              },
            ],
            counts: { created: 1, updated: 0, unchanged: 0, failed: 1 },
          },
        },
      },
    },
    ...failures({
      tooMany: refusal(
        "invalidRequest",
        "400: more than 1,000 contacts",
        "contacts: must NOT have more than 1000 items",
        [{ field: "contacts", message: "must NOT have more than 1000 items" }],
      ),
      idempotencyConflict: refusal(
        "idempotencyConflict",
        `409: the ${PUBLIC_API_HEADERS.idempotencyKey} was used with another body`,
      ),
    }),
  },
};

const OPT_OUT: ConsentEventRecord = {
  id: 812,
  number: ASHA.number,
  channel: "whatsapp",
  purpose: "marketing",
  status: "opted_out",
  method: "api",
  proof: "Unsubscribed in the app, 2026-12-05 10:20 IST",
  actor: null,
  createdAt: "2026-12-05T04:50:00.000Z",
};

const STATE: ConsentStateRecord = {
  number: ASHA.number,
  onSuppressionList: false,
  requireWhatsappOptIn: false,
  states: [OPT_OUT],
  effective: [
    { channel: "sms", marketing: "allowed", other: "allowed" },
    { channel: "whatsapp", marketing: "optedOut", other: "allowed" },
    { channel: "rcs", marketing: "allowed", other: "allowed" },
  ],
};

export const CONSENT_GET_DOCS: CallDocs = {
  responseHeaders: answerHeaders(200),
  parameterExamples: { number: "919876543210" },
  responseExamples: {
    200: { state: { summary: "Opted out of WhatsApp marketing", value: { success: true, data: STATE } } },
    ...failures({ badNumber: BAD_NUMBER }),
  },
};

export const CONSENT_RECORD_DOCS: CallDocs = {
  responseHeaders: answerHeaders(201),
  parameterExamples: { number: "919876543210" },
  bodyExamples: {
    optOut: {
      summary: "An opt-out of WhatsApp marketing",
      value: { channel: "whatsapp", purpose: "marketing", status: "opted_out", proof: OPT_OUT.proof },
    },
  },
  responseExamples: {
    201: { recorded: { summary: "The event as stored", value: { success: true, data: OPT_OUT } } },
    ...failures({ badNumber: BAD_NUMBER }),
  },
};
