// Variables in workflow settings: `{{trigger.text}}`, `{{steps.http.body.orderId}}`, `{{contact.fields.city}}`.
// Parsing, the values a run has, and filling a text. Shared by the graph checks, the editor's picker and the engine.

const VAR = /\{\{\s*([^{}]*?)\s*\}\}/g;
/** A variable path: dot-separated names (letters, digits, _ and -), array indexes as numbers. */
const PATH = /^[A-Za-z_][\w-]*(\.[\w-]+)*$/;

export const isVarPath = (path: string): boolean => PATH.test(path);

/** Every `{{…}}` in a text, as written (trimmed). */
export function varsIn(text: string): string[] {
  return [...text.matchAll(VAR)].map((m) => m[1] ?? "");
}

/** Every string inside settings (nested objects and arrays), with where it is, for the checks. */
export function stringsOf(value: unknown, at = ""): { field: string; text: string }[] {
  if (typeof value === "string") return [{ field: at, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringsOf(v, `${at}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => stringsOf(v, at ? `${at}.${k}` : k));
  return [];
}

/** What a run's variables are: the trigger's payload, each finished step's output, and the contact. */
export interface RunScope {
  trigger: Record<string, unknown>;
  steps: Record<string, unknown>;
  contact?: Record<string, unknown>;
  run?: Record<string, unknown>;
}

/** The value at a path, or undefined. */
export function lookup(scope: RunScope, path: string): unknown {
  let value: unknown = scope;
  for (const part of path.split(".")) {
    if (value === null || value === undefined) return undefined;
    if (Array.isArray(value)) value = /^\d+$/.test(part) ? value[Number(part)] : undefined;
    else if (typeof value === "object")
      value = Object.hasOwn(value, part) ? (value as Record<string, unknown>)[part] : undefined;
    else return undefined;
  }
  return value;
}

const show = (value: unknown): string => {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
};

/** Fills every `{{path}}` of a text from the scope; an unknown path becomes empty text. */
export function fill(text: string, scope: RunScope): string {
  return text.replace(VAR, (_all, path: string) => show(lookup(scope, path.trim())));
}

/** Fills every string inside settings. */
export function fillDeep<T>(value: T, scope: RunScope): T {
  if (typeof value === "string") return fill(value, scope) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => fillDeep(v, scope)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, scope)])) as T;
  return value;
}
