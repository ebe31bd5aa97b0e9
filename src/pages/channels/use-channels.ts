import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useEffect, useReducer } from "react";
import { MSG } from "../../../contract";
import type { CallReply } from "../../api";
import { toast } from "../../components/toast";
import { useAbility } from "../../providers";
import { channelsReducer, INITIAL_CHANNELS, type ChannelKey } from "./channels-state";

type Integrations = CallReply<"channels.getIntegrations"> & Record<string, unknown>;
type Updated = CallReply<"channels.updateIntegrations"> & Record<string, unknown>;

/**
 * The Communication Channels state (SPEC 3, 4): fetched through the data provider (resources/channels.ts), kept with
 * `lastFetched`, cleared with SPEC 8's toast when a fetch fails; a switch changes one channel locally at once and
 * then saves it, putting it back when the save fails.
 */
export function useChannels() {
  const ability = useAbility();
  const [state, dispatch] = useReducer(channelsReducer, INITIAL_CHANNELS);
  const { query } = useCustom<Integrations>({
    url: "",
    method: "get",
    meta: { resource: "channels", action: "list" },
    errorNotification: () => ({ type: "error", message: MSG.fetchChannels }),
  });
  const { mutateAsync, mutation } = useCustomMutation<Updated, HttpError, Partial<Record<ChannelKey, boolean>>>();

  useEffect(() => {
    const data = query.data?.data.data;
    if (data) dispatch({ type: "fetched", data, at: query.dataUpdatedAt });
  }, [query.data, query.dataUpdatedAt]);
  useEffect(() => {
    if (query.errorUpdatedAt) dispatch({ type: "failed" });
  }, [query.errorUpdatedAt]);

  const setChannel = async (channel: ChannelKey, enabled: boolean) => {
    dispatch({ type: "setStatus", channel, enabled });
    try {
      const res = await mutateAsync({
        url: "",
        method: "put",
        values: { [channel]: enabled },
        meta: { resource: "channels", action: "update" },
        successNotification: false,
        errorNotification: false,
      });
      dispatch({ type: "fetched", data: res.data.data, at: Date.now() });
    } catch (err) {
      dispatch({ type: "setStatus", channel, enabled: !enabled });
      toast.error((err as HttpError | undefined)?.message || MSG.somethingWrong);
    }
  };

  return {
    ...state,
    loading: query.isPending,
    failed: query.isError,
    refreshing: query.isFetching,
    refresh: () => void query.refetch(),
    canUpdate: ability.can("call", "channels.updateIntegrations"),
    saving: mutation.isPending ? (Object.keys(mutation.variables?.values ?? {})[0] as ChannelKey | undefined) : undefined,
    setChannel,
  };
}
