import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { CallId } from "../../contract";

/**
 * Returns a function that refetches the custom queries (Refine's useCustom: dashboard figures, quota summaries) of the
 * given calls. Refine keys them by their parameters, not by resource, so its `invalidate` cannot reach them; their
 * `meta.callId` (src/api/use-call.ts) sits in the key's last part. Lives outside src/pages: pages use Refine's hooks,
 * not the query client itself (src/pages/data-provider-only.test.ts).
 */
export function useInvalidateCustom(): (calls: readonly CallId[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    (calls) =>
      client.invalidateQueries({
        predicate: ({ queryKey }) => {
          const params = queryKey.at(-1);
          return (
            queryKey.includes("custom") &&
            typeof params === "object" &&
            params !== null &&
            (calls as readonly unknown[]).includes((params as { callId?: unknown }).callId)
          );
        },
      }),
    [client],
  );
}
