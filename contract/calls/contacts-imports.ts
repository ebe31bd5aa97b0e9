import type { Static } from "@sinclair/typebox";
import { Type } from "./type";
import { WORKSPACE } from "./access";
import { FileBytes, ID, replies } from "./replies";
import type { CallDef } from "./types";
import { IMPORT_MODES, IMPORT_STATUSES, type ImportMode, type ImportStatus } from "../domain/contact-import";

// Ours (issue 39, item 2): contacts imports. Upload first (the file's own headers and first rows come back), then
// start with a mapping of columns to fields and a mode for numbers that are already contacts; a job reads the file
// and the import's row carries the counts, which the console polls. Same owner, roles and module as contacts.

const enumOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: "string", enum: [...values] });
const ok = <T extends Parameters<typeof Type.Object>[0]>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });

export const ContactImportRecord = Type.Object({
  id: Type.String(),
  fileName: Type.String(),
  status: enumOf<ImportStatus>(IMPORT_STATUSES),
  statusReason: Type.Union([Type.String(), Type.Null()]),
  headers: Type.Array(Type.String(), { description: "the file's first row with a value" }),
  preview: Type.Array(Type.Array(Type.String()), { description: "up to 5 rows under the headers" }),
  suggested: Type.Array(Type.String(), {
    description: "on upload: a target per column guessed from its header (number, name, ..., attributes.<key>, skip)",
  }),
  mapping: Type.Union([Type.Array(Type.String()), Type.Null()]),
  mode: Type.Union([enumOf<ImportMode>(IMPORT_MODES), Type.Null()]),
  totalBytes: Type.Integer(),
  readBytes: Type.Integer(),
  rowsRead: Type.Integer(),
  created: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  rejected: Type.Integer(),
  createdAt: Type.String({ format: "date-time" }),
  finishedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});
export type ContactImportRecord = Static<typeof ContactImportRecord>;

const Reply = ok({ data: ContactImportRecord });

export const CONTACT_IMPORT_CALLS = {
  "contacts.imports.upload": {
    method: "POST",
    path: "/api/v1/contacts/imports",
    access: WORKSPACE,
    module: "campaign",
    multipart: true,
    response: replies({ 201: ok({ message: Type.String(), data: ContactImportRecord }) }),
    summary: "Upload a CSV or XLSX of contacts (part `file`): answers its headers, first rows and a suggested mapping",
  },
  "contacts.imports.start": {
    method: "POST",
    path: "/api/v1/contacts/imports/:id/start",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    bodySchema: "contact-import-start",
    response: replies({ 200: ok({ message: Type.String(), data: ContactImportRecord }) }),
    summary: "Start an uploaded import with a column mapping and a mode (update or skip existing contacts)",
  },
  "contacts.imports.get": {
    method: "GET",
    path: "/api/v1/contacts/imports/:id",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    response: replies({ 200: Reply }),
    summary: "An import with its status and counts (created, updated, skipped, rejected)",
  },
  "contacts.imports.rejected": {
    method: "GET",
    path: "/api/v1/contacts/imports/:id/rejected",
    access: WORKSPACE,
    module: "campaign",
    params: ID,
    download: true,
    response: replies({ 200: FileBytes }),
    summary: "The rejected rows as CSV: row, reason and the row's own cells",
  },
} as const satisfies Record<string, CallDef>;
