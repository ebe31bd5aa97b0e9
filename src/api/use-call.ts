import { useCustom, useCustomMutation, type BaseRecord, type HttpError, type UseCustomProps } from "@refinedev/core";
import { callRoute, type CallId, type CallParams, type CallQuery, type CallReply } from "../../contract";

/** A call's reply as Refine's generics want it (a record). */
export type CallData<K extends CallId> = CallReply<K> & BaseRecord;

/** What a page passes for a call: its path parameters and query fields, typed by the call's schemas. */
// Distributive, so a family of calls (a union) takes any of its members' inputs.
export type CallInput<K extends CallId> = K extends CallId
  ? { params?: CallParams<K>; query?: Partial<CallQuery<K>> }
  : never;

type Method = UseCustomProps<unknown, HttpError, unknown, unknown, unknown>["method"];
type MutationMethod = "post" | "put" | "patch" | "delete";

/**
 * The url, method and meta Refine sees for a call. The data provider runs `meta.callId`; the real path and method
 * are there so Refine's query keys name the call (two calls never share a cache entry) and devtools read plainly.
 */
export function callRequest<K extends CallId>(id: K, input?: CallInput<K>) {
  const { params, query } = input ?? {};
  const route = callRoute(id);
  return {
    url: route.path,
    method: route.method.toLowerCase() as Method,
    meta: {
      callId: id,
      params: params as Record<string, string> | undefined,
      query: query as Record<string, unknown> | undefined,
    },
  };
}

type CallOptions<K extends CallId> = Omit<
  UseCustomProps<CallData<K>, HttpError, unknown, unknown, CallData<K>>,
  "url" | "method" | "meta" | "config"
>;

/** Reads a call by id (a GET), through Refine's useCustom: its reply is typed by the call's response schema. */
export function useCall<K extends CallId>(id: K, input?: CallInput<K>, options: CallOptions<K> = {}) {
  const { url, method, meta } = callRequest(id, input);
  return useCustom<CallData<K>, HttpError, unknown, unknown, CallData<K>>({
    url,
    method,
    meta,
    config: { query: meta.query },
    ...options,
  });
}

type MutateArgs = Parameters<ReturnType<typeof useCustomMutation<BaseRecord, HttpError, unknown>>["mutateAsync"]>[0];

/** One run of a call mutation: input, body and Refine's notifications (the reply typed by the call). */
export type CallMutationArgs<K extends CallId> = CallInput<K> & {
  /**
   * Which call of the family `K` to run, when the hook was made for several (the edit call of an SMPP or HTTP
   * provider).
   */
  call?: K;
  body?: unknown;
  /** Hears how much of a FormData body (an upload) has been sent, as a fraction. */
  onUploadProgress?: (fraction: number) => void;
  successNotification?: MutateArgs["successNotification"];
  errorNotification?: MutateArgs["errorNotification"];
};

/**
 * Runs a call by id (POST, PUT, PATCH or DELETE) through Refine's useCustomMutation; resolves with the typed reply.
 * `id` may be a family of calls (a union); each run then names its call, or runs `id`.
 */
export function useCallMutation<K extends CallId>(id: K) {
  const mutation = useCustomMutation<BaseRecord, HttpError, unknown>();
  const mutateAsync = async (args?: CallMutationArgs<K>): Promise<CallData<K>> => {
    const { call = id, body, onUploadProgress, successNotification, errorNotification, params, query } = args ?? {};
    const { url, method, meta } = callRequest(call, { params, query } as CallInput<K>);
    const res = await mutation.mutateAsync({
      url,
      method: method as MutationMethod,
      values: body ?? {},
      meta: onUploadProgress ? { ...meta, onUploadProgress } : meta,
      successNotification,
      errorNotification,
    });
    return res.data as CallData<K>;
  };
  return { mutateAsync, isPending: mutation.mutation.isPending };
}
