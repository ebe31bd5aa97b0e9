import { useState } from "react";
import { MSG, type CallReply } from "../../../../contract";
import type { ApiKeyStatus, RegenerateGrace } from "../../../../contract/domain/api-keys";
import { useCall, useCallMutation } from "../../../api";
import { savedToast } from "./toasts";

type ListReply = CallReply<"apiKeys.list">;
export type ApiKey = ListReply["data"]["apiKeys"][number];
export type IssuedKey = CallReply<"apiKeys.create">["data"];

const PAGE_SIZE = 10;

/**
 * The keys table: a page of the account's keys (search, status), and the create, edit, delete and regenerate
 * actions. A deleted key gets its deactivatedAt at once, before the list reloads (SPEC 3). On a failed fetch the
 * table is empty and says 'Failed to fetch API keys' (SPEC 8).
 */
export function useApiKeys() {
  const [page, setPage] = useState(1);
  const [search, setSearchValue] = useState("");
  const [status, setStatusValue] = useState<ApiKeyStatus | "all">("all");
  const [deleted, setDeleted] = useState<Record<string, string>>({});
  const query = { page, limit: PAGE_SIZE, ...(search ? { search } : {}), ...(status !== "all" ? { status } : {}) };
  const list = useCall("apiKeys.list", { query }, { errorNotification: false });
  const createCall = useCallMutation("apiKeys.create");
  const updateCall = useCallMutation("apiKeys.update");
  const deleteCall = useCallMutation("apiKeys.delete");
  const regenerateCall = useCallMutation("apiKeys.regenerate");
  const failed = Boolean(list.query.error);
  const data = list.query.data?.data.data;

  /** A call's reply record, after the list is refreshed (not after a failure: the toast said why). */
  async function run<R extends { data: unknown }>(pending: Promise<R>): Promise<R["data"]> {
    const reply = await pending;
    void list.query.refetch();
    return reply.data;
  }

  return {
    rows: failed
      ? []
      : (data?.apiKeys ?? []).map((k) =>
          deleted[k.id] && !k.deactivatedAt
            ? { ...k, deactivatedAt: deleted[k.id], status: "deactivated" as const }
            : k,
        ),
    total: data?.count ?? 0,
    page,
    setPage,
    pageSize: PAGE_SIZE,
    search,
    setSearch: (value: string) => {
      setSearchValue(value.trim());
      setPage(1);
    },
    status,
    setStatus: (value: ApiKeyStatus | "all") => {
      setStatusValue(value);
      setPage(1);
    },
    loading: list.query.isFetching,
    error: failed ? MSG.fetchApiKeys : null,
    refetch: () => void list.query.refetch(),
    saving: createCall.isPending || updateCall.isPending || deleteCall.isPending || regenerateCall.isPending,
    create: (values: object): Promise<IssuedKey> =>
      run(createCall.mutateAsync({ body: values, ...savedToast("Done", MSG.somethingWrong) })),
    update: (id: string, values: object): Promise<ApiKey> =>
      run(updateCall.mutateAsync({ params: { id }, body: values, ...savedToast("Done", MSG.somethingWrong) })),
    remove: async (id: string): Promise<ApiKey> => {
      const key = await run(deleteCall.mutateAsync({ params: { id }, ...savedToast("Done", MSG.deleteApiKey) }));
      setDeleted((cur) => ({ ...cur, [id]: key.deactivatedAt ?? new Date().toISOString() }));
      return key;
    },
    regenerate: (id: string, graceSeconds: RegenerateGrace): Promise<IssuedKey> =>
      run(
        regenerateCall.mutateAsync({
          params: { id },
          body: { graceSeconds },
          ...savedToast("Done", MSG.somethingWrong),
        }),
      ),
  };
}
