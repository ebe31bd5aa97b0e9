import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { USER_MANAGER, WORKSPACE } from "./access";
import { Confirmation, FileBytes, ID, replies } from "./replies";
import type { CallDef } from "./types";
import {
  ATTRIBUTE_TYPES,
  CONTACT_LIMIT_DEFAULT,
  CONTACT_LIMIT_MAX,
  CONTACT_SOURCES,
  type AttributeType,
  type AttributeValue,
  type ContactSource,
} from "../domain/contacts";

// Ours (issue 39, item 1): contacts. They belong to the account that holds the campaigns; a manager's users and
// department heads work on their manager's contacts (as with templates), in the campaign module. Search text goes
// in these calls' query strings only, never in a console page's URL (SPEC 5's guard).

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

/** Values by attribute key (TypeBox's Record is left out of the console's bundle: an object of typed values). */
const Attributes = Type.Unsafe<Record<string, AttributeValue>>({
  type: "object",
  additionalProperties: { type: ["string", "number", "boolean"] },
});

export const ContactRecord = Type.Object({
  id: Type.String(),
  /** E.164, unique within the account. */
  number: Type.String(),
  name: Type.String(),
  email: Type.String(),
  language: Type.String(),
  labels: Type.Array(Type.String()),
  attributes: Attributes,
  source: enumOf<ContactSource>(CONTACT_SOURCES),
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});

export const ContactAttributeRecord = Type.Object({
  id: Type.String(),
  key: Type.String(),
  label: Type.String(),
  type: enumOf<AttributeType>(ATTRIBUTE_TYPES),
  choices: Type.Array(Type.String()),
  createdAt: Type.String({ format: "date-time" }),
});

export type ContactRecord = Static<typeof ContactRecord>;
export type ContactAttributeRecord = Static<typeof ContactAttributeRecord>;

const Filters = {
  q: Type.Optional(
    Type.String({ maxLength: 100, description: "a fragment of the number, the name or the email (case-insensitive)" }),
  ),
  label: Type.Optional(Type.String({ maxLength: 40, description: "only contacts carrying this label" })),
};
const Page = {
  cursor: Type.Optional(Type.String({ maxLength: 200, description: "nextCursor of the page before" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTACT_LIMIT_MAX, default: CONTACT_LIMIT_DEFAULT })),
};

const Saved = ok({ message: Type.String(), data: ContactRecord });
const Counted = ok({ message: Type.String(), count: Type.Integer() });

export const CONTACT_CALLS = {
  "contacts.list": {
    method: "GET",
    path: "/api/v1/contacts",
    access: WORKSPACE,
    module: "campaign",
    query: Type.Object({ ...Filters, ...Page }),
    response: replies({
      200: ok({
        data: Type.Array(ContactRecord),
        nextCursor: Type.Union([Type.String(), Type.Null()]),
        labels: Type.Array(Type.String(), { description: "every label the account's contacts carry, for the filter" }),
        mayErase: Type.Boolean({ description: "whether the caller may erase a person (the contacts' owner only)" }),
      }),
    }),
    summary: "The account's contacts, last updated first, searched and filtered by label, paged by cursor",
  },
  "contacts.export": {
    method: "GET",
    path: "/api/v1/contacts/export",
    access: WORKSPACE,
    module: "campaign",
    download: true,
    query: Type.Object(Filters),
    response: replies({ 200: FileBytes }),
    summary: "The searched and filtered contacts as CSV, one column per attribute",
  },
  "contacts.get": {
    method: "GET",
    path: "/api/v1/contacts/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: ok({ data: ContactRecord }) }),
    summary: "One contact",
  },
  "contacts.create": {
    method: "POST",
    path: "/api/v1/contacts",
    access: WORKSPACE,
    module: "campaign",
    bodySchema: "contact-create",
    response: replies({ 201: Saved }),
    summary: "Add a contact (its number normalised to E.164, unique in the account)",
  },
  "contacts.update": {
    method: "PUT",
    path: "/api/v1/contacts/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    bodySchema: "contact-update",
    response: replies({ 200: Saved }),
    summary: "Change a contact",
  },
  "contacts.labels": {
    method: "POST",
    path: "/api/v1/contacts/labels",
    access: WORKSPACE,
    module: "campaign",
    bodySchema: "contact-labels",
    response: replies({ 200: Counted }),
    summary: "Add labels to and take labels off several contacts",
  },
  "contacts.remove": {
    method: "POST",
    path: "/api/v1/contacts/remove",
    access: WORKSPACE,
    module: "campaign",
    bodySchema: "contact-remove",
    response: replies({ 200: Counted }),
    summary: "Delete several contacts",
  },
  "contacts.erase": {
    method: "POST",
    path: "/api/v1/contacts/erase/:id",
    access: USER_MANAGER,
    module: "campaign",
    params: ID,
    bodySchema: "contact-erase",
    response: replies({
      200: ok({
        message: Type.String(),
        data: Type.Object({
          /** Rows removed or scrubbed, by table (the ledger's rows stay, without the number). */
          tables: Type.Array(Type.Object({ table: Type.String(), rows: Type.Integer() })),
        }),
      }),
    }),
    summary:
      "Erase a person (DPDP/GDPR): their number and content leave every table; only a hashed entry stays so they are not messaged again",
  },
  "contacts.attributes.list": {
    method: "GET",
    path: "/api/v1/contact-attributes",
    access: WORKSPACE,
    module: "campaign",
    response: replies({ 200: ok({ data: Type.Array(ContactAttributeRecord) }) }),
    summary: "The account's custom contact attributes",
  },
  "contacts.attributes.create": {
    method: "POST",
    path: "/api/v1/contact-attributes",
    access: WORKSPACE,
    module: "campaign",
    bodySchema: "contact-attribute",
    response: replies({ 201: ok({ message: Type.String(), data: ContactAttributeRecord }) }),
    summary: "Define a custom contact attribute (text, number, date, yes/no or choice)",
  },
  "contacts.attributes.delete": {
    method: "DELETE",
    path: "/api/v1/contact-attributes/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Remove a custom attribute and its values from every contact",
  },
} as const satisfies Record<string, CallDef>;
