import { QueryClient } from "@tanstack/react-query";

/** One client shared by Refine (options.reactQuery.clientConfig) and our own hooks. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});
