import { useState } from "react";
import type { CallReply } from "../../../../contract";
import { useCall } from "../../../api";
import type { AgentApi } from "./use-agent";

export type ConfigRecord = CallReply<"ai.agentConfigs.get">["data"];
export type Enhanced = CallReply<"ai.agentConfigs.enhancePrompt">["data"];
export type Validation = CallReply<"ai.agentConfigs.validate">["data"];

/** An agent's configurations (the default first), enhance-prompt and validation. */
export function useConfigs(agentId: string, api: AgentApi) {
  const { query } = useCall("ai.agentConfigs.list", { query: { agentId, limit: 50 } }, { errorNotification: false });
  const configs = query.data?.data.data ?? [];
  const [enhanced, setEnhanced] = useState<Enhanced | null>(null);
  const [validation, setValidation] = useState<Validation | null>(null);
  const [busy, setBusy] = useState<"enhance" | "validate" | null>(null);
  const after = async <T>(work: Promise<T>) => {
    try {
      return await work;
    } finally {
      void query.refetch();
    }
  };

  return {
    configs,
    loading: query.isLoading,
    error: query.error,
    enhanced,
    validation,
    busy,
    clearEnhanced: () => setEnhanced(null),
    create: (values: object) =>
      after(api.call("ai.agentConfigs.createForAgent", { body: values, params: { id: agentId } })),
    save: (id: string, values: object, quiet = false) =>
      after(api.call("ai.agentConfigs.update", { body: values, params: { id }, quiet })),
    makeDefault: (configId: string) =>
      after(api.call("ai.agentConfigs.setDefault", { body: { configId }, params: { id: agentId } })),
    remove: (id: string) => after(api.call("ai.agentConfigs.delete", { params: { id } })),
    enhance: async (prompt: string) => {
      setBusy("enhance");
      try {
        const res = await after(
          api.call("ai.agentConfigs.enhancePrompt", { body: { prompt }, params: { id: agentId }, quiet: true }),
        );
        setEnhanced(res.data);
      } finally {
        setBusy(null);
      }
    },
    validate: async (id: string) => {
      setBusy("validate");
      try {
        // A read, but run on demand: the data provider's custom call answers it like any other.
        const res = await api.call("ai.agentConfigs.validate", { params: { id }, quiet: true });
        setValidation(res.data);
      } finally {
        setBusy(null);
      }
    },
  };
}
