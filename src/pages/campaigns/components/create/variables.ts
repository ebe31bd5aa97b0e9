// The template's placeholders and the campaign's values for them, kept pure so the variables step, the live preview and
// the submitted payload read the same thing. The server fills slot i of `variables` into placeholder i: fixed text as
// it is, `{{column}}` from that column of the recipient's row (server/services/campaigns/dispatch-content).
import { SMS_VARIABLE } from "../../../../../contract/domain/sms";

export type VariableKind = "text" | "column";
export interface VariableValue {
  kind: VariableKind;
  value: string;
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
  return v.kind === "column" ? `{{${v.value.trim()}}}` : v.value;
}

/** A stored slot read back: `{{name}}` is a column, anything else fixed text. */
export function parseValue(raw: string): VariableValue {
  const m = COLUMN.exec(raw);
  return m ? { kind: "column", value: m[1] } : { kind: "text", value: raw };
}

/** Resizes the values to the template's placeholder count, keeping what was typed for the slots that remain. */
export function fitValues(values: readonly VariableValue[], count: number): VariableValue[] {
  return Array.from({ length: count }, (_, i) => values[i] ?? emptyValue());
}

/** What one slot shows in the preview: its text, the first row's value of its column, or the column's name. */
export function previewValue(v: VariableValue, sampleRow?: Readonly<Record<string, string>>): string {
  if (v.kind === "text") return v.value;
  const column = v.value.trim();
  if (!column) return "‹column›";
  return sampleRow?.[column] ?? `‹${column}›`;
}

/** Why a slot cannot be sent, or null. */
export function valueProblem(v: VariableValue): string | null {
  if (v.kind === "column")
    return v.value.trim()
      ? /[{}]/.test(v.value)
        ? "A column name may not contain braces"
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
