// Campaign variables (issue 39, item 5): a slot's value is fixed text with `{{…}}` references in it. `{{city}}` takes
// the audience file's column, `{{contact.name}}` the recipient's contact field or attribute (any audience: a file,
// pasted numbers, a segment); either may carry a fallback after a bar, `{{contact.name|Customer}}`, used when the
// value is empty. The syntax is parsed here once, so the server's ingest and create check and the wizard's preview
// read the same thing.
import type { AttributeValue } from "./contacts";

/** What a `{{contact.x}}` reference may name besides the account's attribute keys. */
export const CONTACT_FIELDS = ["name", "email", "language"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export const CONTACT_FIELD_LABELS: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  language: "Language",
};
export const CONTACT_REF_PREFIX = "contact.";

export interface VariableRef {
  source: "column" | "contact";
  /** The column's header name as written, or the contact field / attribute key. */
  key: string;
  /** Used when the value is empty; null: no fallback given (`{{x|}}` is an empty fallback, not none). */
  fallback: string | null;
}
/** A value cut into fixed text and references, in order. */
export type VariablePiece = string | VariableRef;

const REF = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** One reference's inside (`contact.name|Customer`): source, key and fallback. */
export function parseRef(inner: string): VariableRef {
  const bar = inner.indexOf("|");
  const name = (bar < 0 ? inner : inner.slice(0, bar)).trim();
  const fallback = bar < 0 ? null : inner.slice(bar + 1).trim();
  if (name.toLowerCase().startsWith(CONTACT_REF_PREFIX))
    return { source: "contact", key: name.slice(CONTACT_REF_PREFIX.length).trim().toLowerCase(), fallback };
  return { source: "column", key: name, fallback };
}

/** A value's pieces: fixed text between the references. */
export function parseVariable(value: string): VariablePiece[] {
  const pieces: VariablePiece[] = [];
  let last = 0;
  for (const m of value.matchAll(REF)) {
    if (m.index > last) pieces.push(value.slice(last, m.index));
    pieces.push(parseRef(m[1]));
    last = m.index + m[0].length;
  }
  if (last < value.length) pieces.push(value.slice(last));
  return pieces;
}

/** The references of a list of values, each of one source once (by key). */
export function variableRefs(values: readonly string[], source: VariableRef["source"]): string[] {
  const keys = values.flatMap((v) =>
    parseVariable(v).flatMap((p) => (typeof p !== "string" && p.source === source ? [p.key] : [])),
  );
  return [...new Set(keys)];
}

/** How a reference is written back, e.g. in a reason: `{{contact.name}}`. */
export const refText = (ref: Pick<VariableRef, "source" | "key">): string =>
  `{{${ref.source === "contact" ? CONTACT_REF_PREFIX : ""}${ref.key}}}`;

export const PERSONALISE_MESSAGES = {
  noValue: (ref: Pick<VariableRef, "source" | "key">) => `No value for ${refText(ref)}`,
  unknownContactKey: (key: string) =>
    `{{contact.${key}}} is not a contact field (name, email, language) or an attribute of this account`,
} as const;

/** A rendered value, or the reference that had no value and no fallback. */
export type Rendered = { ok: true; text: string } | { ok: false; missing: VariableRef };

/**
 * Fills the references: a non-blank value as it is (trimmed), else the fallback. A column without one renders empty
 * (as before fallbacks existed: a blank cell is the file's own choice); a contact field without one is missing, and
 * the caller leaves the row out rather than send "Dear ,".
 */
export function renderPieces(
  pieces: readonly VariablePiece[],
  valueOf: (ref: VariableRef) => string | undefined,
): Rendered {
  let text = "";
  for (const p of pieces) {
    if (typeof p === "string") {
      text += p;
      continue;
    }
    const value = valueOf(p)?.trim();
    if (value) text += value;
    else if (p.fallback !== null) text += p.fallback;
    else if (p.source === "contact") return { ok: false, missing: p };
  }
  return { ok: true, text };
}

/** A contact's value as message text: booleans read Yes / No, numbers and dates as stored. */
export function contactValueText(value: AttributeValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}
