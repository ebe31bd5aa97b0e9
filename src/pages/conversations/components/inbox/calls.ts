import { useDataProvider } from "@refinedev/core";
import { useCallback, useRef } from "react";
import type { CallId, CallReply } from "../../../../../contract";

/** The inbox's imperative calls (pages of messages, catch-up, actions) through Refine's data provider. */
export function useChatCall() {
  // Refine hands out a new accessor on each render; the call itself must stay the same function, or every effect that
  // depends on it would run again (the open conversation would reload and jump to its end).
  const provider = useRef(useDataProvider());
  return useCallback(
    async <K extends CallId>(callId: K, opts: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown; method?: "get" | "post" } = {}) => {
      const dp = provider.current();
      if (!dp.custom) throw new Error("The data provider has no custom calls");
      const res = await dp.custom({ url: "", method: opts.method ?? "get", meta: { callId, params: opts.params }, query: opts.query, payload: opts.body as object | undefined });
      return res.data as unknown as CallReply<K>;
    },
    [],
  );
}
