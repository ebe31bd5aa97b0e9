import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import type { RcsTemplateDraft, RcsTemplateType } from "../domain/rcs";
import { RCS_TEMPLATE_TYPES } from "../domain/rcs";
import type { LibraryChannel, LibraryIndustry, LibraryRcsContent } from "../domain/template-library";
import { LIBRARY_CHANNELS, LIBRARY_INDUSTRIES } from "../domain/template-library";
import { MSG } from "../messages";
import { NOT_RESELLER } from "./access";
import { PageQuery } from "./pagination";
import { Confirmation, ID, replies } from "./replies";
import type { CallDef } from "./types";

const text = () => Type.Optional(Type.String());
const DateTime = Type.String({ format: "date-time" });
// The draft is the one object the builder edits; the serializer passes it through whole (its shape is the
// rcs-template body schema, already validated on the way in).
const Draft = Type.Unsafe<RcsTemplateDraft>({ type: "object", additionalProperties: true });

export const RcsTemplateRecord = Type.Object({
  _id: Type.String(),
  botId: Type.String(),
  botName: Type.String(),
  name: Type.String(),
  type: Type.Unsafe<RcsTemplateType>({ type: "string", enum: [...RCS_TEMPLATE_TYPES] }),
  fromLibrary: Type.Boolean(),
  libraryId: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  draft: Draft,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type RcsTemplateRecord = Static<typeof RcsTemplateRecord>;

export const RcsBotOption = Type.Object({ _id: Type.String(), name: Type.String(), status: Type.String() });

export const LibraryTemplateRecord = Type.Object({
  id: Type.String(),
  channel: Type.Unsafe<LibraryChannel>({ type: "string", enum: [...LIBRARY_CHANNELS] }),
  industry: Type.Unsafe<LibraryIndustry>({ type: "string", enum: [...LIBRARY_INDUSTRIES] }),
  name: Type.String(),
  description: Type.String(),
  body: text(),
  rcs: Type.Optional(Type.Unsafe<LibraryRcsContent>({ type: "object", additionalProperties: true })),
});

const Saved = Type.Object({ success: Type.Literal(true), message: Type.String(), data: RcsTemplateRecord });

/**
 * RCS templates and the template library: SPEC 7 names no calls for them (SPEC 3 has the draft, SPEC 4 the
 * library flag), so these are ours, with SMS templates' roles and module. `rcsTemplates.bots` lists the bots a
 * template may name (the caller's own), so the builder does not depend on the channel pages' bot calls.
 */
export const RCS_TEMPLATE_CALLS = {
  "rcsTemplates.list": {
    method: "GET",
    path: "/api/v1/rcs/templates",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.fetchTemplates,
    query: Type.Object({ ...PageQuery.properties, search: text(), botId: text(), type: text() }),
    response: replies({
      200: Type.Object({
        success: Type.Literal(true),
        count: Type.Integer(),
        page: Type.Integer(),
        limit: Type.Integer(),
        totalPages: Type.Integer(),
        data: Type.Array(RcsTemplateRecord),
      }),
    }),
    summary: "The caller's RCS templates, newest first (admin: everyone's)",
  },
  "rcsTemplates.bots": {
    method: "GET",
    path: "/api/v1/rcs/templates/bots",
    access: NOT_RESELLER,
    module: "template",
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: Type.Array(RcsBotOption) }) }),
    summary: "The bots an RCS template of the caller may name",
  },
  "rcsTemplates.get": {
    method: "GET",
    path: "/api/v1/rcs/templates/:id",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.fetchTemplates,
    params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: RcsTemplateRecord }) }),
  },
  "rcsTemplates.create": {
    method: "POST",
    path: "/api/v1/rcs/templates",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.createTemplate,
    bodySchema: "rcs-template",
    response: replies({ 201: Saved }),
  },
  "rcsTemplates.update": {
    method: "PUT",
    path: "/api/v1/rcs/templates/:id",
    access: NOT_RESELLER,
    module: "template",
    params: ID,
    bodySchema: "rcs-template",
    response: replies({ 200: Saved }),
  },
  "rcsTemplates.delete": {
    method: "DELETE",
    path: "/api/v1/rcs/templates/:id",
    access: NOT_RESELLER,
    module: "template",
    params: ID,
    response: replies({ 200: Confirmation }),
  },
  "templateLibrary.list": {
    method: "GET",
    path: "/api/v1/template-library",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.fetchTemplates,
    query: Type.Object({ channel: text(), industry: text(), search: text() }),
    response: replies({
      200: Type.Object({ success: Type.Literal(true), count: Type.Integer(), data: Type.Array(LibraryTemplateRecord) }),
    }),
    summary: "Ready-made templates by channel and industry",
  },
  "templateLibrary.get": {
    method: "GET",
    path: "/api/v1/template-library/:id",
    access: NOT_RESELLER,
    module: "template",
    failure: MSG.fetchTemplates,
    params: ID,
    response: replies({ 200: Type.Object({ success: Type.Literal(true), data: LibraryTemplateRecord }) }),
  },
} as const satisfies Record<string, CallDef>;
