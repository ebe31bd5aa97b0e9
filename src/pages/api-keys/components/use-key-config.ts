import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { MSG, type CallId, type CallReply } from "../../../../contract";

type ConfigList = CallReply<"keyConfigs.list">;
export type KeyConfig = ConfigList["data"][number];
export type EffectiveConfig = CallReply<"keyConfigs.forKey">["data"];

/** What the editor edits: one key's configuration, or the account's (for its keys without one). */
export type ConfigTarget = { apiKeyId: string; name: string } | { apiKeyId: null; name: string };

/**
 * A key configuration editor's data: the configuration itself (when there is one), what applies to the key now
 * (keyConfigs.forKey), and save (create or update) and delete.
 */
export function useKeyConfig(target: ConfigTarget | null) {
  const apiKeyId = target?.apiKeyId ?? null;
  const configs = useCustom<ConfigList, HttpError>({
    url: "", method: "get", config: { query: { page: 1, limit: 100, ...(apiKeyId ? { apiKeyId } : {}) } }, meta: { callId: "keyConfigs.list" },
    errorNotification: false, queryOptions: { enabled: Boolean(target) },
  });
  const effective = useCustom<CallReply<"keyConfigs.forKey">, HttpError>({
    url: "", method: "get", meta: { callId: "keyConfigs.forKey", params: { id: apiKeyId ?? "" } }, errorNotification: false,
    queryOptions: { enabled: Boolean(apiKeyId) },
  });
  const { mutateAsync, mutation } = useCustomMutation<{ success: true; message: string; data?: KeyConfig }, HttpError>();
  const config = configs.query.data?.data.data.find((c) => c.apiKeyId === apiKeyId) ?? null;

  const run = async (callId: CallId, method: "post" | "put" | "delete", values: object, id?: string) => {
    await mutateAsync({
      url: "", method, values, meta: { callId, ...(id ? { params: { id } } : {}) },
      successNotification: (d) => ({ type: "success", message: (d?.data as { message?: string } | undefined)?.message ?? "Saved" }),
      errorNotification: (err) => ({ type: "error", message: err?.message || MSG.fetchKeyConfig }),
    });
    await Promise.all([configs.query.refetch(), apiKeyId ? effective.query.refetch() : undefined]);
  };

  return {
    config,
    effective: effective.query.data?.data.data ?? null,
    loading: configs.query.isLoading || (Boolean(apiKeyId) && effective.query.isLoading),
    error: configs.query.error || effective.query.error ? MSG.fetchKeyConfig : null,
    saving: mutation.isPending,
    save: (values: object) => (config ? run("keyConfigs.update", "put", values, config.id) : run("keyConfigs.create", "post", { ...values, ...(apiKeyId ? { apiKeyId } : {}) })),
    remove: () => (config ? run("keyConfigs.delete", "delete", {}, config.id) : Promise.resolve()),
  };
}
