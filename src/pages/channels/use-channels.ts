import type { HttpError } from "@refinedev/core";
import { useEffect, useReducer, useState } from "react";
import { MSG } from "../../../contract";
import { useCall, useCallMutation } from "../../api";
import { toast } from "../../components/toast";
import { useAbility } from "../../providers";
import { channelsReducer, INITIAL_CHANNELS, type ChannelKey } from "./channels-state";

/**
 * The Communication Channels state (SPEC 3, 4): fetched through the data provider (resources/channels.ts), kept with
 * `lastFetched`, cleared with SPEC 8's toast when a fetch fails; a switch changes one channel locally at once and
 * then saves it, putting it back when the save fails.
 */
export function useChannels() {
  const ability = useAbility();
  const [state, dispatch] = useReducer(channelsReducer, INITIAL_CHANNELS);
  const { query } = useCall(
    "channels.getIntegrations",
    {},
    { errorNotification: () => ({ type: "error", message: MSG.fetchChannels }) },
  );
  const updateCall = useCallMutation("channels.updateIntegrations");
  // The channel whose switch is being saved, so only that switch shows it.
  const [saving, setSaving] = useState<ChannelKey | undefined>(undefined);

  useEffect(() => {
    const data = query.data?.data.data;
    if (data) dispatch({ type: "fetched", data, at: query.dataUpdatedAt });
  }, [query.data, query.dataUpdatedAt]);
  useEffect(() => {
    if (query.errorUpdatedAt) dispatch({ type: "failed" });
  }, [query.errorUpdatedAt]);

  const setChannel = async (channel: ChannelKey, enabled: boolean) => {
    dispatch({ type: "setStatus", channel, enabled });
    setSaving(channel);
    try {
      const res = await updateCall.mutateAsync({
        body: { [channel]: enabled },
        successNotification: false,
        errorNotification: false,
      });
      dispatch({ type: "fetched", data: res.data, at: Date.now() });
    } catch (err) {
      dispatch({ type: "setStatus", channel, enabled: !enabled });
      toast.error((err as HttpError | undefined)?.message || MSG.somethingWrong);
    } finally {
      setSaving((current) => (current === channel ? undefined : current));
    }
  };

  return {
    ...state,
    loading: query.isPending,
    failed: query.isError,
    refreshing: query.isFetching,
    refresh: () => void query.refetch(),
    canUpdate: ability.can("call", "channels.updateIntegrations"),
    saving: updateCall.isPending ? saving : undefined,
    setChannel,
  };
}
