import { Type } from "./type";
import { PublicErrorBody } from "./api-key-records";
import { ConsentEventRecord, ConsentStateRecord } from "./consent";
import { ContactRecord } from "./contacts";
import {
  CONSENT_GET_DOCS,
  CONSENT_RECORD_DOCS,
  CONTACT_BY_NUMBER_DOCS,
  CONTACT_CREATE_DOCS,
  CONTACT_DELETE_DOCS,
  CONTACT_GET_DOCS,
  CONTACT_LIST_DOCS,
  CONTACT_UPDATE_DOCS,
  CONTACT_UPSERT_DOCS,
} from "./public-contacts-docs";
import { ID } from "./replies";
import type { CallDef } from "./types";
import { CONTACT_LIMIT_DEFAULT, CONTACT_LIMIT_MAX } from "../domain/contacts";

// Ours (issue 39, item 6): the account's contacts and consent through the public API, with an API key holding the
// contacts:manage scope, under the same guard and rate limits as the message calls. The contacts are the key's
// account's, as the console's are (a manager's users work on their manager's). Another account's contact is a 404.

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
const errors = { 429: PublicErrorBody, "4xx": PublicErrorBody, "5xx": PublicErrorBody } as const;
const SCOPE = "contacts:manage" as const;
const BASE = "/api/public/v1";

const NumberParam = Type.Object({
  number: Type.String({ minLength: 1, maxLength: 20, pattern: "^\\+?[0-9]{6,15}$", description: "E.164" }),
});

export const UPSERT_OUTCOMES = ["created", "updated", "unchanged", "failed"] as const;
export const ContactUpsertResult = Type.Object({
  /** The row's place in the request, from 0. */
  index: Type.Integer(),
  status: Type.Unsafe<(typeof UPSERT_OUTCOMES)[number]>({ type: "string", enum: [...UPSERT_OUTCOMES] }),
  id: Type.Union([Type.String(), Type.Null()]),
  number: Type.Union([Type.String(), Type.Null()]),
  errors: Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
});

const Counts = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  failed: Type.Integer(),
});

export const PUBLIC_CONTACT_CALLS = {
  "public.contacts.list": {
    method: "GET",
    path: `${BASE}/contacts`,
    access: "api-key",
    scope: SCOPE,
    query: Type.Object({
      q: Type.Optional(Type.String({ maxLength: 100, description: "a fragment of the number, the name or the email" })),
      label: Type.Optional(Type.String({ maxLength: 40, description: "only contacts carrying this label" })),
      cursor: Type.Optional(Type.String({ maxLength: 200, description: "nextCursor of the page before" })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTACT_LIMIT_MAX, default: CONTACT_LIMIT_DEFAULT })),
    }),
    response: {
      200: ok({ data: Type.Array(ContactRecord), nextCursor: Type.Union([Type.String(), Type.Null()]) }),
      ...errors,
    },
    summary: "The account's contacts, last updated first, searched by number fragment, name or email, paged by cursor",
    docs: CONTACT_LIST_DOCS,
  },
  "public.contacts.byNumber": {
    method: "GET",
    path: `${BASE}/contacts/by-number/:number`,
    access: "api-key",
    scope: SCOPE,
    params: NumberParam,
    response: { 200: ok({ data: ContactRecord }), ...errors },
    summary: "One contact by its number (E.164; the + may be left out)",
    docs: CONTACT_BY_NUMBER_DOCS,
  },
  "public.contacts.get": {
    method: "GET",
    path: `${BASE}/contacts/:id`,
    access: "api-key",
    scope: SCOPE,
    params: ID,
    response: { 200: ok({ data: ContactRecord }), ...errors },
    summary: "One contact by its id",
    docs: CONTACT_GET_DOCS,
  },
  "public.contacts.create": {
    method: "POST",
    path: `${BASE}/contacts`,
    access: "api-key",
    scope: SCOPE,
    bodySchema: "contact-create",
    response: { 201: ok({ data: ContactRecord }), ...errors },
    summary: "Add a contact (its number normalised to E.164; a number the account has is refused with 409)",
    docs: CONTACT_CREATE_DOCS,
  },
  "public.contacts.upsert": {
    method: "POST",
    path: `${BASE}/contacts/upsert`,
    access: "api-key",
    scope: SCOPE,
    bodySchema: "public-contact-upsert",
    response: {
      200: ok({ data: Type.Object({ results: Type.Array(ContactUpsertResult), counts: Counts }) }),
      ...errors,
    },
    summary:
      "Create or update up to 1,000 contacts by number; each row succeeds or fails on its own; safe to repeat, and honours Idempotency-Key for 24 hours",
    docs: CONTACT_UPSERT_DOCS,
  },
  "public.contacts.update": {
    method: "PATCH",
    path: `${BASE}/contacts/:id`,
    access: "api-key",
    scope: SCOPE,
    params: ID,
    bodySchema: "contact-update",
    response: { 200: ok({ data: ContactRecord }), ...errors },
    summary: "Change a contact: the fields sent replace the stored ones (attributes as a whole), the others stay",
    docs: CONTACT_UPDATE_DOCS,
  },
  "public.contacts.delete": {
    method: "DELETE",
    path: `${BASE}/contacts/:id`,
    access: "api-key",
    scope: SCOPE,
    params: ID,
    response: { 200: ok({ data: Type.Object({ id: Type.String() }) }), ...errors },
    summary: "Delete a contact (its consent history stays: consent belongs to the number, not the contact)",
    docs: CONTACT_DELETE_DOCS,
  },
  "public.consent.get": {
    method: "GET",
    path: `${BASE}/consent/:number`,
    access: "api-key",
    scope: SCOPE,
    params: NumberParam,
    response: { 200: ok({ data: ConsentStateRecord }), ...errors },
    summary: "A number's consent per channel and purpose, and what a send on each channel would do with it now",
    docs: CONSENT_GET_DOCS,
  },
  "public.consent.record": {
    method: "POST",
    path: `${BASE}/consent/:number`,
    access: "api-key",
    scope: SCOPE,
    params: NumberParam,
    bodySchema: "public-consent",
    response: { 201: ok({ data: ConsentEventRecord }), ...errors },
    summary: "Record an opt-in or opt-out of a number (method api) with its proof",
    docs: CONSENT_RECORD_DOCS,
  },
} as const satisfies Record<string, CallDef>;
