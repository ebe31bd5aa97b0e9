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

/**
 * Whether PostgreSQL gave the statement up to let another go on (40P01 deadlock, 40001 serialization failure): the
 * same statement, run again, succeeds once the other transaction has ended.
 */
export const lostARace = (error: unknown): boolean => ["40P01", "40001"].includes(sqlStateOf(error) ?? "");

/** Runs `work`, again (up to `tries` in all) while it loses such a race. */
export async function retryingRaces<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || !lostARace(error)) throw error;
    }
  }
}
