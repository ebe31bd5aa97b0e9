// One row of an import file turned into a contact's fields, or the reason it is refused. Pure: the job reads the file
// and writes the batches; this decides each row by the mapping the import was started with.
import {
  attributeValueError,
  cleanLabels,
  CONTACT_LABEL_MAX_LENGTH,
  CONTACT_LABELS_MAX,
  type AttributeDefinition,
  type AttributeValue,
} from "../../../contract/domain/contacts";
import {
  IMPORT_ATTRIBUTE_PREFIX,
  IMPORT_LABEL_SEPARATOR,
  IMPORT_REJECT,
  IMPORT_SKIP,
} from "../../../contract/domain/contact-import";
import { DEFAULT_REGION } from "../../../contract/domain/campaigns";
import { normalizeNumber } from "../campaigns/audience/phone";
import { CONTACT_EMAIL, CONTACT_LANGUAGE, CONTACT_NAME } from "../../../schemas/contact-fields";

/** A row's contact: only the mapped, non-empty cells are set (an empty cell leaves a stored value as it is). */
export interface ImportedContact {
  number: string;
  name?: string;
  email?: string;
  language?: string;
  labels?: string[];
  attributes: Record<string, AttributeValue>;
}

export type RowVerdict = { ok: true; contact: ImportedContact } | { ok: false; reason: string };

const EMAIL = new RegExp(CONTACT_EMAIL.pattern);
const LANGUAGE = new RegExp(CONTACT_LANGUAGE.pattern);
const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0"]);

/** A cell as an attribute's value: numbers and yes/no parsed, a choice matched whatever its case; else the text. */
function attributeValue(def: AttributeDefinition, cell: string): AttributeValue {
  switch (def.type) {
    case "number": {
      const n = Number(cell.replace(/,/g, ""));
      return cell !== "" && Number.isFinite(n) ? n : cell;
    }
    case "boolean": {
      const v = cell.toLowerCase();
      return YES.has(v) ? true : NO.has(v) ? false : cell;
    }
    case "choice":
      return def.choices.find((c) => c.toLowerCase() === cell.toLowerCase()) ?? cell;
    default:
      return cell;
  }
}

export type RowReader = (cells: readonly string[]) => RowVerdict;

/**
 * The reader of one import's rows. `mapping[i]` is column i's target (checked by startImport: one number column, known
 * fields and attributes, each once).
 */
export function rowReader(mapping: readonly string[], defs: ReadonlyMap<string, AttributeDefinition>): RowReader {
  const column = (field: string) => mapping.indexOf(field);
  const at = { number: column("number"), name: column("name"), email: column("email") };
  const language = column("language");
  const labels = column("labels");
  const attributes = mapping.flatMap((field, index) => {
    const def = field.startsWith(IMPORT_ATTRIBUTE_PREFIX)
      ? defs.get(field.slice(IMPORT_ATTRIBUTE_PREFIX.length))
      : null;
    return field !== IMPORT_SKIP && def ? [{ index, def }] : [];
  });
  const cell = (cells: readonly string[], index: number) => (index < 0 ? "" : (cells[index] ?? "").trim());

  return (cells) => {
    const raw = cell(cells, at.number);
    if (!raw) return { ok: false, reason: IMPORT_REJECT.noNumber };
    const number = normalizeNumber(raw, DEFAULT_REGION);
    if (!number.ok) return { ok: false, reason: `number: ${number.reason}` };
    const contact: ImportedContact = { number: number.e164, attributes: {} };
    const name = cell(cells, at.name);
    if (name.length > CONTACT_NAME.maxLength) return { ok: false, reason: IMPORT_REJECT.name };
    if (name) contact.name = name;
    const email = cell(cells, at.email);
    if (email && (email.length > CONTACT_EMAIL.maxLength || !EMAIL.test(email)))
      return { ok: false, reason: IMPORT_REJECT.email };
    if (email) contact.email = email;
    const lang = cell(cells, language);
    if (lang && (lang.length > CONTACT_LANGUAGE.maxLength || !LANGUAGE.test(lang)))
      return { ok: false, reason: IMPORT_REJECT.language };
    if (lang) contact.language = lang;
    const labelCell = cell(cells, labels);
    if (labelCell) {
      const list = cleanLabels(labelCell.split(IMPORT_LABEL_SEPARATOR));
      if (list.length > CONTACT_LABELS_MAX || list.some((l) => l.length > CONTACT_LABEL_MAX_LENGTH))
        return { ok: false, reason: IMPORT_REJECT.labels };
      contact.labels = list;
    }
    for (const { index, def } of attributes) {
      const value = cell(cells, index);
      if (!value) continue;
      const typed = attributeValue(def, value);
      const why = attributeValueError(def, typed);
      if (why) return { ok: false, reason: `${def.key}: ${why}` };
      contact.attributes[def.key] = typed;
    }
    return { ok: true, contact };
  };
}
