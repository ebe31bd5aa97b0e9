import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallId, type CallReply } from "../../../../contract";

type ListReply = CallReply<"webhooks.list">;
export type Endpoint = ListReply["data"][number];
export type TestReply = CallReply<"webhooks.test">;
type Issued = CallReply<"webhooks.create">;

const PAGE_SIZE = 10;

/** A signing secret just issued: shown once, by whichever dialog asked for it. */
export interface IssuedSecret {
  endpoint: Endpoint;
  secret: string;
  rotated: boolean;
}

/**
 * The Webhooks screen: a page of the account's endpoints (with their delivery health) and the actions on them. The
 * list is read again after every change; a create or rotation hands its secret to the page to show once.
 */
export function useWebhooks() {
  const [page, setPage] = useState(1);
  const [testing, setTesting] = useState<string | null>(null);
  const { query } = useCustom<ListReply, HttpError>({
    url: "", method: "get", config: { query: { page, limit: PAGE_SIZE } }, meta: { callId: "webhooks.list" }, errorNotification: false,
    // Pending deliveries move on their own: the health columns follow while any are waiting.
    queryOptions: { refetchInterval: (q) => ((q.state.data?.data.data ?? []).some((e) => e.pending > 0) ? 5000 : false) },
  });
  const { mutateAsync, mutation } = useCustomMutation<{ message?: string }, HttpError>();

  const run = async <T,>(callId: CallId, method: "post" | "put" | "delete", opts: { id?: string; values?: object; notify?: "always" | "errors" }): Promise<T> => {
    const res = await mutateAsync({
      url: "", method, values: opts.values ?? {},
      meta: { callId, ...(opts.id ? { params: { id: opts.id } } : {}) },
      successNotification: opts.notify === "errors" ? false : (data) => ({ type: "success", message: (data?.data as { message?: string } | undefined)?.message ?? "Done" }),
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.somethingWrong }),
    });
    void query.refetch();
    return res.data as T;
  };

  return {
    rows: query.data?.data.data ?? [],
    total: query.data?.data.total ?? 0,
    page, setPage, pageSize: PAGE_SIZE,
    loading: query.isFetching && !query.data,
    error: query.error ? query.error.message || MSG.somethingWrong : null,
    refetch: () => void query.refetch(),
    saving: mutation.isPending,
    testing,
    create: async (values: object): Promise<IssuedSecret> => {
      const r = await run<Issued>("webhooks.create", "post", { values, notify: "errors" });
      return { endpoint: r.data, secret: r.secret, rotated: false };
    },
    update: (id: string, values: object) => run("webhooks.update", "put", { id, values, notify: "always" }),
    remove: (id: string) => run("webhooks.delete", "delete", { id, notify: "always" }),
    rotate: async (id: string): Promise<IssuedSecret> => {
      const r = await run<Issued>("webhooks.rotateSecret", "post", { id, notify: "errors" });
      return { endpoint: r.data, secret: r.secret, rotated: true };
    },
    test: async (id: string) => {
      setTesting(id);
      try {
        const r = await run<TestReply>("webhooks.test", "post", { id, notify: "errors" });
        return r;
      } finally {
        setTesting(null);
      }
    },
  };
}

export type WebhooksModel = ReturnType<typeof useWebhooks>;
