import { useDataProvider } from "@refinedev/core";
import { useCallback, useRef } from "react";
import type { CallId, CallReply } from "../../../../../contract";
import { callRequest, type CallData, type CallInput } from "../../../../api";

/** One imperative call's input: its path parameters and query typed by the call, and a body. */
type ChatCallOptions<K extends CallId> = CallInput<K> & {
  body?: unknown;
  /** The call's own route decides the method; this only says, at the call site, that the call writes. */
  method?: "get" | "post";
};

/** The inbox's imperative calls (pages of messages, catch-up, actions) through Refine's data provider. */
export function useChatCall() {
  // Refine hands out a new accessor on each render; the call itself must stay the same function, or every effect that
  // depends on it would run again (the open conversation would reload and jump to its end).
  const provider = useRef(useDataProvider());
  return useCallback(async <K extends CallId>(callId: K, opts?: ChatCallOptions<K>): Promise<CallReply<K>> => {
    const dp = provider.current();
    if (!dp.custom) throw new Error("The data provider has no custom calls");
    const { url, method, meta } = callRequest(callId, { params: opts?.params, query: opts?.query } as CallInput<K>);
    const res = await dp.custom<CallData<K>>({
      url,
      method,
      meta,
      query: meta.query,
      payload: opts?.body as object | undefined,
    });
    return res.data;
  }, []);
}
