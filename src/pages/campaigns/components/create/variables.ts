// The template's placeholders and the campaign's values for them, kept pure so the variables step, the live preview and
// the submitted payload read the same thing. The server fills slot i of `variables` into placeholder i: fixed text as
// it is, `{{column}}` from that column of the recipient's row, `{{contact.x}}` from the recipient's contact, either
// with an optional `|fallback` (contract/domain/personalise.ts parses them for the server and this preview alike).
import { CONTACT_REF_PREFIX, parseVariable, renderPieces } from "../../../../../contract/domain/personalise";
import { SMS_VARIABLE } from "../../../../../contract/domain/sms";

export type VariableKind = "text" | "column" | "contact";
export interface VariableValue {
  kind: VariableKind;
  /** Fixed text, a column's header name, or a contact field / attribute key. */
  value: string;
  /** Column and contact: what goes out when the recipient's value is empty ("" = none). */
  fallback?: string;
}

const COLUMN = /^\{\{\s*([^{}]+?)\s*\}\}$/;
const NUMBERED = /\{\{\s*(\d+)\s*\}\}/g;

export const emptyValue = (): VariableValue => ({ kind: "text", value: "" });

/** How many numbered placeholders ({{1}}…{{n}}) the texts use: the highest number anywhere in them. */
export function numberedCount(texts: readonly string[]): number {
  let max = 0;
  for (const text of texts) for (const m of text.matchAll(NUMBERED)) max = Math.max(max, Number(m[1]));
  return max;
}

/** DLT bodies mark each variable with {#var#}, in order. */
export function dltCount(body: string): number {
  return body.split(SMS_VARIABLE).length - 1;
}

/** Every string inside a value (an RCS draft is a nested object of texts). */
export function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The value the server receives for one slot. */
export function serialize(v: VariableValue): string {
  if (v.kind === "text") return v.value;
  const fallback = v.fallback?.trim() ? `|${v.fallback.trim()}` : "";
  return `{{${v.kind === "contact" ? CONTACT_REF_PREFIX : ""}${v.value.trim()}${fallback}}}`;
}

/** A stored slot read back: one `{{…}}` reference is a column or a contact field, anything else fixed text. */
export function parseValue(raw: string): VariableValue {
  const pieces = parseVariable(raw);
  const [only] = pieces;
  if (pieces.length !== 1 || typeof only === "string") return { kind: "text", value: raw };
  return { kind: only.source, value: only.key, ...(only.fallback === null ? {} : { fallback: only.fallback }) };
}

/** Resizes the values to the template's placeholder count, keeping what was typed for the slots that remain. */
export function fitValues(values: readonly VariableValue[], count: number): VariableValue[] {
  return Array.from({ length: count }, (_, i) => values[i] ?? emptyValue());
}

/**
 * What one slot shows in the preview: its text; a column's first-row value (or its name); a contact field's value in
 * the sample contact, else its fallback, else the field's name.
 */
export function previewValue(
  v: VariableValue,
  sampleRow?: Readonly<Record<string, string>>,
  sampleContact?: Readonly<Record<string, string>>,
): string {
  if (v.kind === "text") return v.value;
  const key = v.value.trim();
  if (!key) return v.kind === "contact" ? "‹contact field›" : "‹column›";
  const source = v.kind === "contact" ? sampleContact : sampleRow;
  // Columns are shown by name until a file is read; a contact's empty field previews as the server fills it.
  if (!source) return `‹${key}›`;
  const rendered = renderPieces(parseVariable(serialize(v)), (ref) => source[ref.key]);
  return rendered.ok ? rendered.text : `‹${key}›`;
}

/** Why a slot cannot be sent, or null. */
export function valueProblem(v: VariableValue): string | null {
  if (v.kind !== "text" && /[{}|]/.test(v.fallback ?? "")) return "The fallback may not contain braces or a bar";
  if (v.kind === "contact") return v.value.trim() ? null : "Choose a contact field";
  if (v.kind === "column")
    return v.value.trim()
      ? /[{}|]/.test(v.value)
        ? "A column name may not contain braces or a bar"
        : null
      : "Choose or type a column of your audience file";
  if (!v.value.trim()) return "Enter the text for this variable";
  if (COLUMN.test(v.value.trim())) return "Use “Column” to take a value from the audience file";
  if (v.value.length > 1000) return "At most 1000 characters";
  return null;
}

/** {{n}} in every string of a value replaced by slot n's text (1-based), as the server fills an RCS draft. */
export function fillNumbered<T>(value: T, texts: readonly string[]): T {
  const fill = (v: unknown): unknown => {
    if (typeof v === "string") return v.replace(NUMBERED, (whole, n: string) => texts[Number(n) - 1] ?? whole);
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  };
  return fill(value) as T;
}

/** A DLT body with each {#var#} replaced by the next slot's text. */
export function fillDlt(body: string, texts: readonly string[]): string {
  let i = 0;
  return body
    .split(SMS_VARIABLE)
    .reduce((out, part, idx) => (idx === 0 ? part : `${out}${texts[i++] ?? SMS_VARIABLE}${part}`), "");
}

/** Columns the values take from the audience file. */
export const columnsUsed = (values: readonly VariableValue[]): string[] => [
  ...new Set(values.filter((v) => v.kind === "column" && v.value.trim()).map((v) => v.value.trim())),
];
