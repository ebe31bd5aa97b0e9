/**
 * SPEC 5's URL guard: path and query, decoded and lowercased. Words match whole words only, so ordinary paths
 * such as "selection", "updates", "deleted-items" or "dropdown" pass.
 */
const PATTERNS: readonly RegExp[] = [
  /<\s*\/?\s*script\b/, // script tags
  /javascript\s*:/,
  /\bon(?:error|load)\b/, // inline handlers
  /\b(?:select|drop|union|insert|update|delete|truncate)\b/,
  /['"`]/, // a quote
  /--/,
  /;/,
  /\/\*|\*\/|#/, // comment markers
  /\.\.[/\\]/, // ../ or ..\
];

/** Decodes repeatedly (double-encoding hides payloads); a malformed escape is kept as written. */
export function decodeFully(raw: string): string {
  let current = raw.replace(/\+/g, " ");
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return current;
    }
    if (next === current) return next;
    current = next;
  }
  return current;
}

export function isSuspiciousUrl(pathname: string, search = ""): boolean {
  const text = decodeFully(`${pathname}${search}`).toLowerCase();
  return PATTERNS.some((re) => re.test(text));
}
