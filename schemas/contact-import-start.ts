import { IMPORT_MAX_COLUMNS, IMPORT_MODES } from "../contract/domain/contact-import";

/**
 * Starts an uploaded contacts import: `mapping[i]` is column i's target (number, name, email, language, labels,
 * attributes.<key>, or skip); exactly one column is the number. The server checks the fields against the account's
 * attributes.
 */
export const contactImportStart = {
  title: "Start import",
  type: "object",
  additionalProperties: false,
  required: ["mapping", "mode"],
  properties: {
    mapping: {
      type: "array",
      title: "Columns",
      minItems: 1,
      maxItems: IMPORT_MAX_COLUMNS,
      items: { type: "string", minLength: 1, maxLength: 60 },
    },
    mode: { type: "string", title: "Existing contacts", enum: IMPORT_MODES },
  },
} as const;
