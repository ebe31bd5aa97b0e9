import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import type { CallReply, CarrierChannelRecord } from "../../../contract";
import { useAbility } from "../../providers";
import type { FormValues } from "../common/schema-form";
import { errorToast, useChannelChecks, withoutEmpty } from "../common/use-channel-checks";

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
  const [editing, setEditing] = useState<CarrierChannelRecord | null>(null);

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

  /** Saves an edit (checked with the provider first, on the server); the drawer stays open on a refusal. */
  const save = async (channel: CarrierChannelRecord, values: FormValues) => {
    try {
      await mutation.mutateAsync({
        url: "",
        method: "put",
        values: withoutEmpty(values),
        meta: { resource: "sms-accounts", action: channel.provider === "smpp" ? "editSmpp" : "editHttp", params: { id: channel._id } },
        successNotification: (r) => ({ type: "success", message: (r?.data as SavedReply | undefined)?.message ?? "Saved" }),
        errorNotification: errorToast("The provider could not be saved"),
      });
      setEditing(null);
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
    editing,
    openEdit: (channel: CarrierChannelRecord) => setEditing(channel),
    closeEdit: () => setEditing(null),
    saving: mutation.mutation.isPending,
    connect,
    save,
    test,
    testing,
    lastTest,
    remove,
  };
}

export type SmsProvidersModel = ReturnType<typeof useSmsProviders>;
