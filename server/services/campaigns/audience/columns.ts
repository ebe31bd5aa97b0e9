import {
  contactValueText,
  parseVariable,
  renderPieces,
  variableRefs,
  type VariableRef,
} from "../../../../contract/domain/personalise";
import type { ContactValues } from "./contact-values";
import { looksLikeNumber } from "./phone";

/** Header names that name the phone column, compared without case, spaces, dashes or underscores. */
const PHONE_HEADERS = new Set([
  "phone",
  "mobile",
  "number",
  "msisdn",
  "phonenumber",
  "mobilenumber",
  "whatsapp",
  "whatsappnumber",
  "contact",
  "contactnumber",
  "cell",
  "tel",
  "telephone",
]);

const key = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

export interface AudienceLayout {
  /** Whether the first row is a header (false: a file of bare numbers, every row is data). */
  hasHeader: boolean;
  phoneColumn: number;
  /** Header names as written (empty without a header). */
  header: string[];
}

/**
 * Where the numbers are: a header cell that names a phone column; otherwise the first column whose values (in the
 * sampled rows after the header) look like numbers. When the first row itself looks like numbers in that column, the
 * file has no header. Undefined: no phone column.
 */
export function layoutOf(sample: readonly string[][]): AudienceLayout | undefined {
  const [first = [], ...rest] = sample;
  const named = first.findIndex((cell) => PHONE_HEADERS.has(key(cell)));
  if (named >= 0) return { hasHeader: true, phoneColumn: named, header: first };
  const width = Math.max(0, ...sample.map((r) => r.length));
  for (let c = 0; c < width; c++) {
    const values = rest.map((r) => r[c] ?? "").filter((v) => v.trim() !== "");
    const numeric = values.length > 0 && values.filter(looksLikeNumber).length * 2 > values.length;
    if (looksLikeNumber(first[c] ?? "") && (numeric || rest.length === 0))
      return { hasHeader: false, phoneColumn: c, header: [] };
    if (numeric) return { hasHeader: true, phoneColumn: c, header: first };
  }
  return undefined;
}

/** Header names that name the person, compared like the phone column's. */
const NAME_HEADERS = new Set(["name", "customername", "fullname", "contactname", "firstname"]);

/** The column holding the person's name, if the header has one (-1: none). */
export function nameColumnOf(header: readonly string[]): number {
  return header.findIndex((cell) => NAME_HEADERS.has(key(cell)));
}

/** The `{{column}}` names a list of variable values refers to (`{{contact.x}}` is not a column). */
export function columnRefs(values: readonly string[]): string[] {
  return variableRefs(values, "column");
}

/** One row's resolved values, or the contact reference it has no value for (the row is left out, naming it). */
export type RowValues = { ok: true; values: string[] } | { ok: false; missing: VariableRef };

/**
 * Compiles variable values against the header: a function from a data row (and its contact's values, when the values
 * use `{{contact.x}}`) to the resolved values. Returns the columns the header lacks instead when some `{{column}}` does
 * not exist.
 */
export function compileVariables(
  values: readonly string[],
  header: readonly string[],
): ((row: readonly string[], contact?: ContactValues) => RowValues) | { missing: string[] } {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(key(name))) index.set(key(name), i);
  });
  const missing = columnRefs(values).filter((name) => !index.has(key(name)));
  if (missing.length) return { missing };
  const parts = values.map(parseVariable);
  return (row, contact) => {
    const valueOf = (ref: VariableRef) =>
      ref.source === "column" ? (row[index.get(key(ref.key)) as number] ?? "") : contactValueText(contact?.[ref.key]);
    const out: string[] = [];
    for (const pieces of parts) {
      const rendered = renderPieces(pieces, valueOf);
      if (!rendered.ok) return rendered;
      out.push(rendered.text);
    }
    return { ok: true, values: out };
  };
}
