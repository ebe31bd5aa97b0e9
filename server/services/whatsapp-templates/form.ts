// The multipart form of create-template: text fields plus at most one file. Multipart rows have no body schema in
// the route, so the fields are checked here against the same JSON Schema (schemas/whatsapp-template-create.ts).
import Ajv, { type ErrorObject } from "ajv";
import type { FastifyRequest } from "fastify";
import { SCHEMAS, type SchemaBody } from "../../../schemas";
import { badRequest, joinFieldErrors, type FieldError } from "../../http/errors";

export type TemplateForm = SchemaBody<"whatsapp-template-create">;
export interface UploadedFile {
  bytes: Uint8Array;
  fileName: string;
}

const validate = new Ajv({ allErrors: true, strict: false }).compile<TemplateForm>(SCHEMAS["whatsapp-template-create"]);
const FIELDS = new Set(Object.keys(SCHEMAS["whatsapp-template-create"].properties));

function issueOf(e: ErrorObject): FieldError {
  const path = e.instancePath.replace(/^\//, "").replace(/\//g, ".");
  const named = e.params.missingProperty ?? e.params.additionalProperty;
  const field = typeof named === "string" ? (path ? `${path}.${named}` : named) : path || "body";
  if (e.keyword === "required") return { field, message: "is required" };
  if (e.keyword === "additionalProperties") return { field, message: "is not allowed" };
  if (e.keyword === "enum" && Array.isArray(e.params.allowedValues))
    return { field, message: `must be one of ${e.params.allowedValues.join(", ")}` };
  return { field, message: e.message ?? "is invalid" };
}

const refuse = (errors: FieldError[]) => badRequest(joinFieldErrors(errors), errors);

/** Reads every part; the file (any field name) is kept in memory: the multipart limit bounds it. */
export async function readTemplateForm(request: FastifyRequest): Promise<{ form: TemplateForm; file?: UploadedFile }> {
  if (!request.isMultipart()) throw refuse([{ field: "body", message: "must be multipart/form-data" }]);
  const raw: Record<string, unknown> = {};
  let file: UploadedFile | undefined;
  for await (const part of request.parts()) {
    if (part.type === "file") {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw refuse([{ field: "file", message: "is larger than any channel accepts" }]);
      file = { bytes: new Uint8Array(bytes), fileName: part.filename };
    } else if (FIELDS.has(part.fieldname)) {
      raw[part.fieldname] = part.value;
    } else {
      throw refuse([{ field: part.fieldname, message: "is not allowed" }]);
    }
  }
  if (typeof raw.components === "string") {
    try {
      raw.components = JSON.parse(raw.components);
    } catch {
      throw refuse([{ field: "components", message: "must be a JSON array" }]);
    }
  }
  if (!validate(raw)) throw refuse((validate.errors ?? []).map(issueOf));
  return { form: raw, file };
}
