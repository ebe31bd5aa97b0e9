import { MSG, type CallReply } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";
import { savedToast } from "./toasts";

type ConfigList = CallReply<"keyConfigs.list">;
export type KeyConfig = ConfigList["data"][number];
export type EffectiveConfig = CallReply<"keyConfigs.forKey">["data"];

/** What the editor edits: one key's configuration, or the account's (for its keys without one). */
export type ConfigTarget = { apiKeyId: string; name: string } | { apiKeyId: null; name: string };

type ConfigCall = "keyConfigs.create" | "keyConfigs.update" | "keyConfigs.delete";

/**
 * A key configuration editor's data: the configuration itself (when there is one), what applies to the key now
 * (keyConfigs.forKey), and save (create or update) and delete.
 */
export function useKeyConfig(target: ConfigTarget | null) {
  const apiKeyId = target?.apiKeyId ?? null;
  const configs = useCall(
    "keyConfigs.list",
    { query: { page: 1, limit: 100, ...(apiKeyId ? { apiKeyId } : {}) } },
    { errorNotification: false, queryOptions: { enabled: Boolean(target) } },
  );
  const effective = useCall(
    "keyConfigs.forKey",
    { params: { id: apiKeyId ?? "" } },
    { errorNotification: false, queryOptions: { enabled: Boolean(apiKeyId) } },
  );
  const mutation = useCallMutation<ConfigCall>("keyConfigs.create");
  const config = configs.query.data?.data.data.find((c) => c.apiKeyId === apiKeyId) ?? null;

  const run = async (call: ConfigCall, body: object, id?: string) => {
    await mutation.mutateAsync({
      call,
      body,
      ...(id ? { params: { id } } : {}),
      ...savedToast("Saved", MSG.fetchKeyConfig),
    });
    await Promise.all([configs.query.refetch(), apiKeyId ? effective.query.refetch() : undefined]);
  };

  return {
    config,
    effective: effective.query.data?.data.data ?? null,
    loading: configs.query.isLoading || (Boolean(apiKeyId) && effective.query.isLoading),
    error: configs.query.error || effective.query.error ? MSG.fetchKeyConfig : null,
    saving: mutation.isPending,
    save: (values: object) =>
      config
        ? run("keyConfigs.update", values, config.id)
        : run("keyConfigs.create", { ...values, ...(apiKeyId ? { apiKeyId } : {}) }),
    remove: () => (config ? run("keyConfigs.delete", {}, config.id) : Promise.resolve()),
  };
}
