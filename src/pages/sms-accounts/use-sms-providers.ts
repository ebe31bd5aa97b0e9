import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import type { CallReply, CarrierChannelRecord } from "../../../contract";
import { useAbility } from "../../providers";
import type { FormValues } from "../common/schema-form";

/** Health changes while messages go out: the cards refresh this often. */
const HEALTH_POLL_MS = 10_000;

export type SmsProviderKind = "smpp" | "http";

type ListReply = CallReply<"carrierChannels.list"> & Record<string, unknown>;
type SavedReply = CallReply<"carrierChannels.connectSmpp"> & Record<string, unknown>;
type TestReply = CallReply<"carrierChannels.test"> & Record<string, unknown>;

const errorToast = (fallback: string) => (err?: HttpError) => ({ type: "error" as const, message: err?.message || fallback });

/**
 * The account's SMS provider connections (SMPP and HTTP): list with health (polled), connect, test and disconnect.
 * Secrets go to the server and never come back: the records only say whether each is set.
 */
export function useSmsProviders() {
  const ability = useAbility();
  const canManage = ability.can("call", "carrierChannels.list");
  const [drawer, setDrawer] = useState<SmsProviderKind | null>(null);
  const [justConnected, setJustConnected] = useState<CarrierChannelRecord | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [lastTest, setLastTest] = useState<Record<string, { ok: boolean; message: string }>>({});

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

  const test = async (channel: CarrierChannelRecord) => {
    setTesting(channel._id);
    try {
      const res = await mutation.mutateAsync({
        url: "",
        method: "post",
        values: {},
        meta: { resource: "sms-accounts", action: "testProvider", params: { id: channel._id } },
        successNotification: false,
        errorNotification: errorToast("The test could not run"),
      });
      const result = (res.data as TestReply).data;
      setLastTest((all) => ({ ...all, [channel._id]: { ok: result.ok, message: result.message } }));
      await refresh();
    } catch {
      // The toast said why.
    } finally {
      setTesting(null);
    }
  };

  const remove = async (channel: CarrierChannelRecord) => {
    try {
      await mutation.mutateAsync({
        url: "",
        method: "delete",
        values: {},
        meta: { resource: "sms-accounts", action: "removeProvider", params: { id: channel._id } },
        successNotification: () => ({ type: "success", message: `Disconnected ${channel.name}` }),
        errorNotification: errorToast("The provider could not be disconnected"),
      });
      await refresh();
    } catch {
      // The toast said why (a campaign still sending from its sender ids).
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
    saving: mutation.mutation.isPending && testing === null,
    connect,
    test,
    testing,
    lastTest,
    remove,
  };
}

export type SmsProvidersModel = ReturnType<typeof useSmsProviders>;
