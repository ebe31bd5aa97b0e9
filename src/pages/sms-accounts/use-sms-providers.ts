import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import type { CallReply, CarrierChannelRecord } from "../../../contract";
import { useAbility } from "../../providers";
import type { FormValues } from "../common/schema-form";
import { errorToast, useChannelChecks, useChannelEdit } from "../common/use-channel-checks";

/** Health changes while messages go out: the cards refresh this often. */
const HEALTH_POLL_MS = 10_000;

export type SmsProviderKind = "smpp" | "http";

type ListReply = CallReply<"carrierChannels.list"> & Record<string, unknown>;
type SavedReply = CallReply<"carrierChannels.connectSmpp"> & Record<string, unknown>;

/**
 * The account's SMS provider connections (SMPP and HTTP): list with health (polled), connect, edit, test and disconnect.
 * Secrets go to the server and never come back: the records only say whether each is set.
 */
export function useSmsProviders() {
  const ability = useAbility();
  const canManage = ability.can("call", "carrierChannels.list");
  const [drawer, setDrawer] = useState<SmsProviderKind | null>(null);
  const [justConnected, setJustConnected] = useState<CarrierChannelRecord | null>(null);

  const { query } = useCustom<ListReply, HttpError>({
    url: "",
    method: "get",
    meta: { resource: "sms-accounts", action: "providers" },
    queryOptions: { enabled: canManage, refetchInterval: HEALTH_POLL_MS },
    errorNotification: false,
  });
  const mutation = useCustomMutation<Record<string, unknown>, HttpError, Record<string, unknown>>();
  const refresh = async () => {
    await query.refetch();
  };
  const { test, testing, lastTest, remove } = useChannelChecks({ resource: "sms-accounts", testAction: "testProvider", removeAction: "removeProvider", removedVerb: "Disconnected", removeFailed: "The provider could not be disconnected", refresh });
  const edit = useChannelEdit({ resource: "sms-accounts", actionOf: (c) => (c.provider === "smpp" ? "editSmpp" : "editHttp"), failed: "The provider could not be saved", refresh, keepEmpty: ["auth_prefix"] });
  const channels = (query.data?.data.data.channels ?? []).filter((c) => c.channel === "sms");

  const connect = async (kind: SmsProviderKind, values: FormValues) => {
    try {
      const res = await mutation.mutateAsync({
        url: "",
        method: "post",
        values,
        meta: { resource: "sms-accounts", action: kind === "smpp" ? "connectSmpp" : "connectHttp" },
        successNotification: (r) => ({ type: "success", message: (r?.data as SavedReply | undefined)?.message ?? "Connected" }),
        errorNotification: errorToast("The provider could not be connected"),
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
    error: query.isError ? (query.error?.message ?? "Failed to fetch the SMS providers") : undefined,
    retry: () => query.refetch(),
    drawer,
    openConnect: (kind: SmsProviderKind = "smpp") => {
      setJustConnected(null);
      setDrawer(kind);
    },
    setKind: (kind: SmsProviderKind) => setDrawer(kind),
    closeDrawer: () => {
      setDrawer(null);
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

export type SmsProvidersModel = ReturnType<typeof useSmsProviders>;
