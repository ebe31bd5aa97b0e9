import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useState } from "react";
import type { CallReply, CarrierChannelRecord } from "../../../contract";

type TestReply = CallReply<"carrierChannels.test"> & Record<string, unknown>;

/**
 * An edit form's values without the fields left empty: an empty secret field keeps the saved secret. `keep` names
 * fields whose empty text is a value (an HTTP provider's empty "Before the key").
 */
export const withoutEmpty = (values: Record<string, unknown>, keep: readonly string[] = []): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && v !== null && (v !== "" || keep.includes(k))));

export const errorToast = (fallback: string) => (err?: HttpError) => ({ type: "error" as const, message: err?.message || fallback });

interface ChannelChecksOptions {
  resource: string;
  /** The resource's actions for the channel's test and removal calls. */
  testAction: string;
  removeAction: string;
  /** "Disconnected" or "Removed", as the page words it. */
  removedVerb: string;
  removeFailed: string;
  refresh: () => Promise<void>;
}

/** Test connection and removal of a provider connection (WhatsApp Cloud API, SMS providers): the same calls, worded per page. */
export function useChannelChecks({ resource, testAction, removeAction, removedVerb, removeFailed, refresh }: ChannelChecksOptions) {
  const [testing, setTesting] = useState<string | null>(null);
  const [lastTest, setLastTest] = useState<Record<string, { ok: boolean; message: string }>>({});
  const mutation = useCustomMutation<Record<string, unknown>, HttpError, Record<string, unknown>>();

  const test = async (channel: CarrierChannelRecord) => {
    setTesting(channel._id);
    try {
      const res = await mutation.mutateAsync({
        url: "",
        method: "post",
        values: {},
        meta: { resource, action: testAction, params: { id: channel._id } },
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
        meta: { resource, action: removeAction, params: { id: channel._id } },
        successNotification: () => ({ type: "success", message: `${removedVerb} ${channel.name}` }),
        errorNotification: errorToast(removeFailed),
      });
      await refresh();
    } catch {
      // The toast said why (a campaign still sending through it).
    }
  };

  return { test, testing, lastTest, remove };
}

type SavedReply = CallReply<"carrierChannels.editSmpp"> & Record<string, unknown>;

interface ChannelEditOptions {
  resource: string;
  /** The resource's action of the channel's edit call (per provider). */
  actionOf: (channel: CarrierChannelRecord) => string;
  failed: string;
  refresh: () => Promise<void>;
  /** Fields sent even when empty (see withoutEmpty). */
  keepEmpty?: readonly string[];
}

/**
 * The edit drawer of a provider connection (SMS providers, RBM agents): which channel is open, and saving it. The
 * server checks the new settings with the provider first; on a refusal the toast says why and the drawer stays open.
 */
export function useChannelEdit({ resource, actionOf, failed, refresh, keepEmpty = [] }: ChannelEditOptions) {
  const [editing, setEditing] = useState<CarrierChannelRecord | null>(null);
  const mutation = useCustomMutation<Record<string, unknown>, HttpError, Record<string, unknown>>();
  const save = async (channel: CarrierChannelRecord, values: Record<string, unknown>) => {
    try {
      await mutation.mutateAsync({
        url: "",
        method: "put",
        values: withoutEmpty(values, keepEmpty),
        meta: { resource, action: actionOf(channel), params: { id: channel._id } },
        successNotification: (r) => ({ type: "success", message: (r?.data as SavedReply | undefined)?.message ?? "Saved" }),
        errorNotification: errorToast(failed),
      });
      setEditing(null);
      await refresh();
    } catch {
      // The toast said why; the form keeps what was typed.
    }
  };
  return { editing, openEdit: setEditing, closeEdit: () => setEditing(null), save, savingEdit: mutation.mutation.isPending };
}
