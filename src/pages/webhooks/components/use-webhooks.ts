import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";

type ListReply = CallReply<"webhooks.list">;
export type Endpoint = ListReply["data"][number];
export type TestReply = CallReply<"webhooks.test">;

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
  const { query } = useCall(
    "webhooks.list",
    { query: { page, limit: PAGE_SIZE } },
    {
      errorNotification: false,
      // Pending deliveries move on their own: the health columns follow while any are waiting.
      queryOptions: {
        refetchInterval: (q) => ((q.state.data?.data.data ?? []).some((e) => e.pending > 0) ? 5000 : false),
      },
    },
  );
  const createCall = useCallMutation("webhooks.create");
  const updateCall = useCallMutation("webhooks.update");
  const deleteCall = useCallMutation("webhooks.delete");
  const rotateCall = useCallMutation("webhooks.rotateSecret");
  const testCall = useCallMutation("webhooks.test");

  /** "always": the server's message on success too; "errors": only failures toast (the page shows the result). */
  const notify = (when: "always" | "errors") => ({
    successNotification:
      when === "errors"
        ? (false as const)
        : (data?: { data?: unknown }) => ({
            type: "success" as const,
            message: (data?.data as { message?: string } | undefined)?.message ?? "Done",
          }),
    errorNotification: (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong }),
  });
  const changed = async <T>(reply: Promise<T>) => {
    const res = await reply;
    void query.refetch();
    return res;
  };

  return {
    rows: query.data?.data.data ?? [],
    total: query.data?.data.total ?? 0,
    page,
    setPage,
    pageSize: PAGE_SIZE,
    loading: query.isFetching && !query.data,
    error: query.error ? query.error.message || MSG.somethingWrong : null,
    refetch: () => void query.refetch(),
    saving: [createCall, updateCall, deleteCall, rotateCall, testCall].some((m) => m.isPending),
    testing,
    create: async (values: object): Promise<IssuedSecret> => {
      const r = await changed(createCall.mutateAsync({ body: values, ...notify("errors") }));
      return { endpoint: r.data, secret: r.secret, rotated: false };
    },
    update: (id: string, values: object) =>
      changed(updateCall.mutateAsync({ params: { id }, body: values, ...notify("always") })),
    remove: (id: string) => changed(deleteCall.mutateAsync({ params: { id }, ...notify("always") })),
    rotate: async (id: string): Promise<IssuedSecret> => {
      const r = await changed(rotateCall.mutateAsync({ params: { id }, ...notify("errors") }));
      return { endpoint: r.data, secret: r.secret, rotated: true };
    },
    test: async (id: string) => {
      setTesting(id);
      try {
        return await changed(testCall.mutateAsync({ params: { id }, ...notify("errors") }));
      } finally {
        setTesting(null);
      }
    },
  };
}

export type WebhooksModel = ReturnType<typeof useWebhooks>;
