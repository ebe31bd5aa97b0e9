import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import type { CallReply, CarrierChannelRecord } from "../../../contract";
import { useAbility } from "../../providers";
import type { FormValues } from "../common/schema-form";
import { errorToast, useChannelChecks, useChannelEdit } from "../common/use-channel-checks";

/** Health changes while messages go out: the cards refresh this often. */
const HEALTH_POLL_MS = 10_000;

type ListReply = CallReply<"carrierChannels.list"> & Record<string, unknown>;
type SavedReply = CallReply<"carrierChannels.connectRcs"> & Record<string, unknown>;

/**
 * The account's Google RCS Business Messaging connections (one agent per bot): list with health (polled), connect,
 * edit, test and disconnect. The service-account key and client token go to the server and never come back.
 */
export function useRbmChannels() {
  const ability = useAbility();
  const canManage = ability.can("call", "carrierChannels.connectRcs");
  const [open, setOpen] = useState(false);
  const [justConnected, setJustConnected] = useState<CarrierChannelRecord | null>(null);

  const { query } = useCustom<ListReply, HttpError>({
    url: "",
    method: "get",
    meta: { resource: "bots", action: "rbmChannels" },
    queryOptions: { enabled: canManage, refetchInterval: HEALTH_POLL_MS },
    errorNotification: false,
  });
  const mutation = useCustomMutation<Record<string, unknown>, HttpError, Record<string, unknown>>();
  const refresh = async () => {
    await query.refetch();
  };
  const { test, testing, lastTest, remove } = useChannelChecks({ resource: "bots", testAction: "testRbm", removeAction: "removeRbm", removedVerb: "Disconnected", removeFailed: "The agent could not be disconnected", refresh });
  const edit = useChannelEdit({ resource: "bots", actionOf: () => "editRbm", failed: "The agent could not be saved", refresh });
  const channels = (query.data?.data.data.channels ?? []).filter((c) => c.provider === "rcs_google");

  const connect = async (values: FormValues) => {
    try {
      const res = await mutation.mutateAsync({
        url: "",
        method: "post",
        values,
        meta: { resource: "bots", action: "connectRbm" },
        successNotification: (r) => ({ type: "success", message: (r?.data as SavedReply | undefined)?.message ?? "Connected" }),
        errorNotification: errorToast("The agent could not be connected"),
      });
      setJustConnected((res.data as SavedReply).data);
      await refresh();
    } catch {
      // The toast said why; the form keeps what was typed.
    }
  };

  return {
    canManage,
    channels,
    loading: canManage && query.isPending,
    error: query.isError ? (query.error?.message ?? "Failed to fetch the RBM connections") : undefined,
    retry: () => query.refetch(),
    open,
    openConnect: () => {
      setJustConnected(null);
      setOpen(true);
    },
    closeDrawer: () => {
      setOpen(false);
      setJustConnected(null);
    },
    justConnected,
    ...edit,
    saving: mutation.mutation.isPending || edit.savingEdit,
    connect,
    test,
    testing,
    lastTest,
    remove,
  };
}

export type RbmChannelsModel = ReturnType<typeof useRbmChannels>;
