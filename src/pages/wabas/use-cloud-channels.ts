import { useCustom, useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import { useState } from "react";
import type { CallReply, CarrierChannelRecord } from "../../../contract";
import { useAbility } from "../../providers";
import type { FormValues } from "../common/schema-form";
import { errorToast, useChannelChecks } from "../common/use-channel-checks";

/** Health changes while messages go out: the cards refresh this often. */
const HEALTH_POLL_MS = 10_000;

export type CloudDrawer = { kind: "connect" } | { kind: "edit"; channel: CarrierChannelRecord } | null;

/** What the connect drawer shows once a number is connected: the webhook to paste at Meta. */
export type JustConnected = CarrierChannelRecord | null;

type ListReply = CallReply<"carrierChannels.list"> & Record<string, unknown>;
type SavedReply = CallReply<"carrierChannels.connectWhatsApp"> & Record<string, unknown>;

/**
 * The account's WhatsApp Cloud API connections: list (with health, polled), connect by hand or by Embedded Signup,
 * edit, test and remove. Secrets go to the server and never come back: the records only say whether each is set.
 */
export function useCloudChannels() {
  const ability = useAbility();
  const canManage = ability.can("call", "carrierChannels.list");
  const invalidate = useInvalidate();
  const [drawer, setDrawer] = useState<CloudDrawer>(null);
  const [justConnected, setJustConnected] = useState<JustConnected>(null);

  const { query } = useCustom<ListReply, HttpError>({
    url: "",
    method: "get",
    meta: { resource: "wabas", action: "cloudChannels" },
    queryOptions: { enabled: canManage, refetchInterval: HEALTH_POLL_MS },
    errorNotification: false,
  });
  const mutation = useCustomMutation<Record<string, unknown>, HttpError, Record<string, unknown>>();
  const refresh = async () => {
    await invalidate({ resource: "wabas", invalidates: ["all"] });
    await query.refetch();
  };
  const { test, testing, lastTest, remove } = useChannelChecks({ resource: "wabas", testAction: "testCloud", removeAction: "removeCloud", removedVerb: "Removed", removeFailed: "The connection could not be removed", refresh });

  const page = query.data?.data.data;
  // The list holds every provider connection; SMS ones are on the SMS channel page.
  const channels: CarrierChannelRecord[] = (page?.channels ?? []).filter((c) => c.provider === "whatsapp_cloud");

  const connect = async (values: FormValues) => {
    try {
      const res = await mutation.mutateAsync({
        url: "",
        method: "post",
        values,
        meta: { resource: "wabas", action: "connectCloud" },
        successNotification: (r) => ({ type: "success", message: (r?.data as SavedReply | undefined)?.message ?? "Connected" }),
        errorNotification: errorToast("The number could not be connected"),
      });
      setJustConnected((res.data as SavedReply).data);
      await refresh();
    } catch {
      // The toast said why; the form keeps what was typed.
    }
  };

  const save = async (channel: CarrierChannelRecord, values: FormValues) => {
    try {
      await mutation.mutateAsync({
        url: "",
        method: "put",
        values,
        meta: { resource: "wabas", action: "updateCloud", params: { id: channel._id } },
        successNotification: (r) => ({ type: "success", message: (r?.data as SavedReply | undefined)?.message ?? "Saved" }),
        errorNotification: errorToast("The connection could not be saved"),
      });
      setDrawer(null);
      await refresh();
    } catch {
      // Shown by the toast; the drawer stays open.
    }
  };

  return {
    canManage,
    channels,
    embeddedSignup: page?.embeddedSignup ?? null,
    loading: canManage && query.isPending,
    error: query.isError ? (query.error?.message ?? "Failed to fetch the WhatsApp connections") : undefined,
    retry: () => query.refetch(),
    drawer,
    openConnect: () => {
      setJustConnected(null);
      setDrawer({ kind: "connect" });
    },
    openEdit: (channel: CarrierChannelRecord) => setDrawer({ kind: "edit", channel }),
    closeDrawer: () => {
      setDrawer(null);
      setJustConnected(null);
    },
    justConnected,
    saving: mutation.mutation.isPending,
    connect,
    save,
    test,
    testing,
    lastTest,
    remove,
    refresh,
  };
}

export type CloudChannelsModel = ReturnType<typeof useCloudChannels>;
