import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { WORKSPACE } from "./access";
import { Confirmation, ID, replies } from "./replies";
import { ContactRecord } from "./contacts";
import type { CallDef } from "./types";
import type { SegmentDefinition } from "../domain/segments";

// Ours (issue 39, item 4): segments, saved filters over the account's contacts, owned like contacts (a manager's
// users and department heads work on the manager's), in the campaign module. Under /api/v1/contacts/segments so
// SPEC's paths stay as they are; segment names travel in bodies only, never in a console URL.

const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

/** One condition (its fields by kind: contract/domain/segments.ts SegmentCondition). */
const Condition = Type.Object({
  kind: Type.String(),
  key: Type.Optional(Type.String()),
  field: Type.Optional(Type.String()),
  op: Type.Optional(Type.String()),
  value: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
  to: Type.Optional(Type.Number()),
  days: Type.Optional(Type.Integer()),
  values: Type.Optional(Type.Array(Type.String())),
  label: Type.Optional(Type.String()),
  channel: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  event: Type.Optional(Type.String()),
  campaignId: Type.Optional(Type.String()),
});

/** Groups joined by AND or OR, each a list of conditions joined by AND or OR. */
export const SegmentDefinitionSchema = Type.Unsafe<SegmentDefinition>(
  Type.Object({
    join: Type.String({ enum: ["and", "or"] }),
    groups: Type.Array(Type.Object({ join: Type.String({ enum: ["and", "or"] }), conditions: Type.Array(Condition) })),
  }),
);

export const SegmentRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  definition: SegmentDefinitionSchema,
  createdAt: Type.String({ format: "date-time" }),
  updatedAt: Type.String({ format: "date-time" }),
});
export type SegmentRecord = Static<typeof SegmentRecord>;

const Saved = ok({ message: Type.String(), data: SegmentRecord });
const Counted = ok({ count: Type.Integer({ description: "contacts the definition selects now" }) });
const Sample = ok({ count: Type.Integer(), data: Type.Array(ContactRecord) });

export const SEGMENT_CALLS = {
  "contacts.segments.list": {
    method: "GET",
    path: "/api/v1/contacts/segments",
    access: WORKSPACE,
    module: "campaign",
    response: replies({ 200: ok({ data: Type.Array(SegmentRecord) }) }),
    summary: "The account's segments, last updated first (each one's count is its own call)",
  },
  "contacts.segments.get": {
    method: "GET",
    path: "/api/v1/contacts/segments/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: ok({ data: SegmentRecord }) }),
    summary: "One segment",
  },
  "contacts.segments.create": {
    method: "POST",
    path: "/api/v1/contacts/segments",
    access: WORKSPACE,
    module: "campaign",
    bodySchema: "segment-save",
    response: replies({ 201: Saved }),
    summary: "Save a segment (its definition checked against the account's attributes)",
  },
  "contacts.segments.update": {
    method: "PUT",
    path: "/api/v1/contacts/segments/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    bodySchema: "segment-save",
    response: replies({ 200: Saved }),
    summary: "Change a segment's name, description or definition",
  },
  "contacts.segments.delete": {
    method: "DELETE",
    path: "/api/v1/contacts/segments/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: Confirmation }),
    summary: "Delete a segment (campaigns already read from it keep their recipients)",
  },
  "contacts.segments.count": {
    method: "GET",
    path: "/api/v1/contacts/segments/:id/count",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: Counted }),
    summary: "How many contacts a saved segment selects now",
  },
  "contacts.segments.preview": {
    method: "POST",
    path: "/api/v1/contacts/segments/preview",
    access: WORKSPACE,
    module: "campaign",
    bodySchema: "segment-preview",
    response: replies({ 200: Sample }),
    summary: "An unsaved definition's count and its first 20 contacts (the builder's live count)",
  },
  "contacts.segments.sample": {
    method: "GET",
    path: "/api/v1/contacts/segments/:id/sample",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: Sample }),
    summary: "A saved segment's count and its first 20 contacts",
  },
} as const satisfies Record<string, CallDef>;
