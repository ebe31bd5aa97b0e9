// The answers of a listener that writes carrier events in batches (Carrier.onEvent): each event's promise settles when
// the batch that writes it ends, so the provider is acknowledged only once the event is stored.

export interface BatchAnswers {
  /** The answer for an event just buffered; a `refusable` one is rejected if its batch fails (the provider retries). */
  owe(refusable: boolean): Promise<void>;
  /** Runs a batch: everything owed before it began is answered when it ends. */
  settle<T>(write: () => Promise<T>): Promise<T>;
}

export function batchAnswers(): BatchAnswers {
  let owed: { resolve(): void; reject(error: unknown): void; refusable: boolean }[] = [];
  return {
    owe: (refusable) => new Promise<void>((resolve, reject) => owed.push({ resolve, reject, refusable })),
    settle: async (write) => {
      const answers = owed;
      owed = [];
      try {
        const result = await write();
        answers.forEach((a) => a.resolve());
        return result;
      } catch (error) {
        answers.forEach((a) => (a.refusable ? a.reject(error) : a.resolve()));
        throw error;
      }
    },
  };
}
