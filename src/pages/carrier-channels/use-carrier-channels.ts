import { useInvalidate } from "@refinedev/core";
import { useState } from "react";
import type { CarrierChannelRecord } from "../../../contract";
import { useCall, useCallMutation } from "../../api";
import { useAbility } from "../../providers";
import type { FormValues } from "../common/schema-form";
import type { CarrierChannelKit, ConnectCall } from "./kits";
import { errorToast, replyToast, useChannelChecks, useChannelEdit } from "./use-channel-checks";

/** One toast for a connect form's tries: the success replaces a refusal still on screen. */
const CONNECT_TOAST = "carrier-channel-connect";

/** Health changes while messages go out: the cards refresh this often. */
const HEALTH_POLL_MS = 10_000;

/**
 * A channel page's provider connections, as its kit describes them: the list with health (polled), connect, edit,
 * test and disconnect. Secrets go to the server and never come back: the records only say whether each is set.
 */
export function useCarrierChannels(kit: CarrierChannelKit) {
  const ability = useAbility();
  const canManage = ability.can("call", kit.manageCall);
  const invalidate = useInvalidate();
  const [justConnected, setJustConnected] = useState<CarrierChannelRecord | null>(null);

  const { query } = useCall(
    "carrierChannels.list",
    {},
    { queryOptions: { enabled: canManage, refetchInterval: HEALTH_POLL_MS }, errorNotification: false },
  );
  const connectCall = useCallMutation<ConnectCall>("carrierChannels.connectRcs");
  const refresh = async () => {
    if (kit.invalidates) await invalidate({ resource: kit.invalidates, invalidates: ["all"] });
    await query.refetch();
  };
  const checks = useChannelChecks(kit, refresh);
  const edit = useChannelEdit(kit, refresh);
  const page = query.data?.data.data;
  // The list holds every provider connection; each channel page shows its own.
  const channels = (page?.channels ?? []).filter(kit.shows);

  const connect = async (call: ConnectCall, values: FormValues) => {
    try {
      const { data } = await connectCall.mutateAsync({
        call,
        body: values,
        successNotification: replyToast("Connected", CONNECT_TOAST),
        errorNotification: errorToast(kit.words.connectFailed, CONNECT_TOAST),
      });
      setJustConnected(data);
      await refresh();
    } catch {
      // The toast said why; the form keeps what was typed.
    }
  };

  return {
    canManage,
    channels,
    embeddedSignup: page?.embeddedSignup ?? null,
    loading: canManage && query.isPending,
    error: query.isError ? (query.error?.message ?? kit.words.listFailed) : undefined,
    retry: () => query.refetch(),
    refresh,
    justConnected,
    forgetConnected: () => setJustConnected(null),
    connect,
    ...edit,
    saving: connectCall.isPending || edit.savingEdit,
    ...checks,
  };
}
