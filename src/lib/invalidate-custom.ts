import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Returns a function that refetches the custom queries (Refine's useCustom: dashboard figures, quota summaries) of
 * the given resources. Refine keys them by their parameters, not by resource, so its `invalidate` cannot reach them;
 * their `meta.resource` sits in the key's last part. Lives outside src/pages: pages use Refine's hooks, not the
 * query client itself (src/pages/data-provider-only.test.ts).
 */
export function useInvalidateCustom(): (resources: readonly string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    (resources) =>
      client.invalidateQueries({
        predicate: ({ queryKey }) => {
          const params = queryKey.at(-1);
          return queryKey.includes("custom") && typeof params === "object" && params !== null && resources.includes(String((params as { resource?: unknown }).resource));
        },
      }),
    [client],
  );
}
