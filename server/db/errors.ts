// PostgreSQL's SQLSTATE of a failed statement, through Drizzle's wrapper (the driver's error is its cause) or bare.

export function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Whether the statement failed on its data (class 22, data exception: a NUL byte, a value out of range; class 23, a
 * constraint): trying the same data again fails again, unlike a lost connection or a timeout.
 */
export function failsOnItsData(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && (code.startsWith("22") || code.startsWith("23"));
}
