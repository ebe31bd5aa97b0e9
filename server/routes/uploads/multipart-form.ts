import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyRequest } from "fastify";
import { MAX_MEDIA_BYTES } from "../../../contract/domain/media";
import { SCHEMAS, type SchemaBody, type SchemaName } from "../../../schemas";
import { badRequest, HttpError } from "../../http/errors";

/** A multipart request's text fields (checked against a schema of schemas/) and its one file. */
export interface MultipartForm<N extends SchemaName> {
  fields: SchemaBody<N>;
  file: { bytes: Buffer; name: string };
}

// The same settings as the app's body validator: nothing coerced, unknown fields refused.
const ajv = addFormats(new Ajv({ allErrors: true, removeAdditional: false, strict: false }));
const compiled = new Map<SchemaName, ValidateFunction>();
export const validatorOf = (name: SchemaName) => {
  const found = compiled.get(name) ?? ajv.compile(SCHEMAS[name]);
  compiled.set(name, found);
  return found;
};

const MB = 1024 * 1024;
export const TOO_LARGE_MESSAGE = `The file is larger than ${MAX_MEDIA_BYTES / MB} MB, the most any channel accepts`;

/**
 * Reads the whole form: the text fields into `fields` and the file part named `fileField` into memory (at most
 * MAX_MEDIA_BYTES, the plugin's limit). The part's own Content-Type and name are not believed; the caller sniffs.
 * Validation errors have the app's 400 shape (the error handler maps `validation` like a JSON body's).
 */
export async function readMultipart<N extends SchemaName>(
  request: FastifyRequest,
  schema: N,
  fileField: string,
): Promise<MultipartForm<N>> {
  if (!request.isMultipart())
    throw badRequest("Send the form as multipart/form-data", [{ field: fileField, message: "is required" }]);
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== fileField)
          throw badRequest(`${part.fieldname}: is not allowed`, [
            { field: part.fieldname, message: `is not allowed; send the file as ${fileField}` },
          ]);
        file = { bytes: await part.toBuffer(), name: part.filename };
      } else {
        fields[part.fieldname] = typeof part.value === "string" ? part.value : String(part.value);
      }
    }
  } catch (error) {
    const errors = request.server.multipartErrors;
    if (error instanceof errors.RequestFileTooLargeError) throw new HttpError(413, TOO_LARGE_MESSAGE);
    if (error instanceof errors.FilesLimitError) throw new HttpError(413, "Send one file per request");
    throw error;
  }
  const validate = validatorOf(schema);
  if (!validate(fields))
    throw Object.assign(new Error("invalid form"), { statusCode: 400, validation: validate.errors });
  if (!file) throw badRequest(`${fileField}: is required`, [{ field: fileField, message: "is required" }]);
  return { fields: fields as SchemaBody<N>, file };
}
