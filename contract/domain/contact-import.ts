// Contacts import (issue 39, item 2): a CSV or XLSX uploaded first, its own headers mapped to contact fields, then read
// by a job. The fields a column may map to, the header guesses and the messages live here, so the console's mapping
// step and the server's check agree.
import { CONTACT_LABEL_MAX_LENGTH, CONTACT_LABELS_MAX } from "./contacts";

/** A column's target: a built-in field, `attributes.<key>` for one of the account's attributes, or skip. */
export const IMPORT_BUILT_IN_FIELDS = ["number", "name", "email", "language", "labels"] as const;
export type ImportBuiltInField = (typeof IMPORT_BUILT_IN_FIELDS)[number];
export const IMPORT_SKIP = "skip";
export const IMPORT_ATTRIBUTE_PREFIX = "attributes.";
export const IMPORT_FIELD_LABELS: Record<ImportBuiltInField, string> = {
  number: "Number",
  name: "Name",
  email: "Email",
  language: "Language",
  labels: "Labels",
};

/** What happens to a row whose number is already a contact: its mapped fields are updated, or the row is skipped. */
export const IMPORT_MODES = ["update", "skip"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const IMPORT_STATUSES = ["uploaded", "queued", "running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An uploaded file whose import is not started within this long is discarded (the file and the import). */
export const IMPORT_UNSTARTED_HOURS = 24;

/** The largest file and the most rows one import reads (the campaign audience's limits). */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 2_000_000;
/** Rows shown under the headers at the mapping step. */
export const IMPORT_PREVIEW_ROWS = 5;
/** A file has at most this many columns that can be mapped. */
export const IMPORT_MAX_COLUMNS = 100;
/** Labels in one cell are separated by `;` (the export joins them with "; ", so an export imports back). */
export const IMPORT_LABEL_SEPARATOR = ";";
export { CONTACT_LABEL_MAX_LENGTH, CONTACT_LABELS_MAX };

const GUESSES: [RegExp, ImportBuiltInField][] = [
  [
    /^(phone|mobile|number|msisdn|cell|whatsapp)([ _-]?(no|number|num))?$|^(phone|mobile|contact)[ _-]?(no|number)$/,
    "number",
  ],
  [/^(full[ _-]?)?name$|^customer[ _-]?name$/, "name"],
  [/^e-?mail([ _-]?(id|address))?$/, "email"],
  [/^(language|lang|locale)$/, "language"],
  [/^(labels?|tags?)$/, "labels"],
];

/**
 * The field a header suggests: "Mobile", "phone", "Number" → number; "Name" → name; an attribute's key or label →
 * that attribute; otherwise skip. Each field is suggested once (the first column wins).
 */
export function suggestMapping(
  headers: readonly string[],
  attributes: readonly { key: string; label: string }[],
): string[] {
  const taken = new Set<string>();
  return headers.map((raw) => {
    const header = raw.trim().toLowerCase();
    const builtIn = GUESSES.find(([pattern]) => pattern.test(header))?.[1];
    const attribute = attributes.find((a) => a.key === header || a.label.trim().toLowerCase() === header);
    const field = builtIn ?? (attribute ? `${IMPORT_ATTRIBUTE_PREFIX}${attribute.key}` : IMPORT_SKIP);
    if (field === IMPORT_SKIP || taken.has(field)) return IMPORT_SKIP;
    taken.add(field);
    return field;
  });
}

export const IMPORT_MESSAGES = {
  notFound: "Import not found",
  noNumber: "Map one column to the number",
  twice: (field: string) => `${field} is mapped to more than one column`,
  unknownField: (field: string) => `${field} is not a contact field or an attribute of this account`,
  tooManyColumns: (n: number) => `The mapping names ${n} columns; the file has fewer`,
  notUploaded: "This import has already been started",
  noHeader: "The file is empty: its first row must name the columns",
  tooMany: (max: number) => `The file has more than ${max} rows`,
  missingFile: "The uploaded file is missing from storage",
  tooLarge: (maxBytes: number) =>
    maxBytes >= 1024 * 1024
      ? `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`
      : `The file is larger than ${Math.ceil(maxBytes / 1024)} KB`,
} as const;

/** Why a row was rejected (the rejected-rows CSV's reason column). */
export const IMPORT_REJECT = {
  noNumber: "number: is empty",
  duplicate: (e164: string) => `number: ${e164} is in an earlier row of the file (the first row wins)`,
  email: "email: is not an email address",
  language: "language: is not a language code such as en, hi or ta-IN",
  name: "name: is longer than 200 characters",
  labels: `labels: at most ${CONTACT_LABELS_MAX}, each up to ${CONTACT_LABEL_MAX_LENGTH} characters`,
} as const;
