import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG, type CallId, type CallReply } from "../../../../contract";
import type { ApiKeyStatus, RegenerateGrace } from "../../../../contract/domain/api-keys";

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
  const list = useCustom<ListReply, HttpError>({ url: "", method: "get", config: { query }, meta: { callId: "apiKeys.list" }, errorNotification: false });
  const { mutateAsync, mutation } = useCustomMutation<{ success: true; message: string; data: unknown }, HttpError>();
  const failed = Boolean(list.query.error);
  const data = list.query.data?.data.data;

  async function run<T>(callId: CallId, method: "post" | "put" | "delete", values: object, id?: string, failure?: string): Promise<T> {
    const res = await mutateAsync({
      url: "", method, values, meta: { callId, ...(id ? { params: { id } } : {}) },
      successNotification: (d) => ({ type: "success", message: (d?.data as { message?: string } | undefined)?.message ?? "Done" }),
      errorNotification: (err) => ({ type: "error", message: err?.message || failure || MSG.somethingWrong }),
    });
    void list.query.refetch();
    return res.data.data as T;
  }

  return {
    rows: failed ? [] : (data?.apiKeys ?? []).map((k) => (deleted[k.id] && !k.deactivatedAt ? { ...k, deactivatedAt: deleted[k.id], status: "deactivated" as const } : k)),
    total: data?.count ?? 0,
    page, setPage, pageSize: PAGE_SIZE,
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
    saving: mutation.isPending,
    create: (values: object) => run<IssuedKey>("apiKeys.create", "post", values),
    update: (id: string, values: object) => run<ApiKey>("apiKeys.update", "put", values, id),
    remove: async (id: string) => {
      const key = await run<ApiKey>("apiKeys.delete", "delete", {}, id, MSG.deleteApiKey);
      setDeleted((cur) => ({ ...cur, [id]: key.deactivatedAt ?? new Date().toISOString() }));
      return key;
    },
    regenerate: (id: string, graceSeconds: RegenerateGrace) => run<IssuedKey>("apiKeys.regenerate", "post", { graceSeconds }, id),
  };
}
