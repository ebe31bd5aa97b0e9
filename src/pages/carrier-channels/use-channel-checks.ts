import type { HttpError } from "@refinedev/core";
import { useState } from "react";
import type { CarrierChannelRecord } from "../../../contract";
import { useCallMutation } from "../../api";
import type { CarrierChannelKit, EditCall } from "./kits";

/**
 * An edit form's values without the fields left empty: an empty secret field keeps the saved secret. `keep` names
 * fields whose empty text is a value (an HTTP provider's empty "Before the key").
 */
export const withoutEmpty = (values: Record<string, unknown>, keep: readonly string[] = []): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(values).filter(([k, v]) => v !== undefined && v !== null && (v !== "" || keep.includes(k))),
  );

/**
 * An error toast with the server's message, or `fallback`. A `key` shared with the success toast of the same form
 * lets the success replace a refusal still on screen: left there, that stale refusal sat over the drawer's buttons
 * and, paused while the pointer rested on it, never went.
 */
export const errorToast = (fallback: string, key?: string) => (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || fallback,
  key,
});

/** A success toast with the reply's own message, or `fallback`; `key` as for errorToast. */
export const replyToast = (fallback: string, key?: string) => (reply?: { data?: Record<string, unknown> }) => ({
  type: "success" as const,
  message: typeof reply?.data?.message === "string" ? reply.data.message : fallback,
  key,
});

/** Test connection and removal of a provider connection: the same calls on every channel page, worded per page. */
export function useChannelChecks({ words }: CarrierChannelKit, refresh: () => Promise<void>) {
  const [testing, setTesting] = useState<string | null>(null);
  const [lastTest, setLastTest] = useState<Record<string, { ok: boolean; message: string }>>({});
  const testCall = useCallMutation("carrierChannels.test");
  const removeCall = useCallMutation("carrierChannels.remove");

  const test = async (channel: CarrierChannelRecord) => {
    setTesting(channel._id);
    try {
      const { data: result } = await testCall.mutateAsync({
        params: { id: channel._id },
        successNotification: false,
        errorNotification: errorToast("The test could not run"),
      });
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
      await removeCall.mutateAsync({
        params: { id: channel._id },
        successNotification: () => ({ type: "success", message: `${words.removedVerb} ${channel.name}` }),
        errorNotification: errorToast(words.removeFailed),
      });
      await refresh();
    } catch {
      // The toast said why (a campaign still sending through it).
    }
  };

  return { test, testing, lastTest, remove };
}

const EDIT_TOAST = "carrier-channel-edit";

/**
 * The edit drawer of a provider connection: which channel is open, and saving it. The server checks the new
 * settings with the provider first; on a refusal the toast says why and the drawer stays open.
 */
export function useChannelEdit({ editCall, keepEmpty, words }: CarrierChannelKit, refresh: () => Promise<void>) {
  const [editing, setEditing] = useState<CarrierChannelRecord | null>(null);
  const mutation = useCallMutation<EditCall>("carrierChannels.update");
  /** Saves the connection's new settings; `onSaved` runs once the server took them, before the list refreshes. */
  const save = async (channel: CarrierChannelRecord, values: Record<string, unknown>, onSaved?: () => void) => {
    try {
      await mutation.mutateAsync({
        call: editCall(channel),
        params: { id: channel._id },
        body: keepEmpty === "all" ? values : withoutEmpty(values, keepEmpty),
        successNotification: replyToast("Saved", EDIT_TOAST),
        errorNotification: errorToast(words.saveFailed, EDIT_TOAST),
      });
      setEditing(null);
      onSaved?.();
      await refresh();
    } catch {
      // The toast said why; the form keeps what was typed.
    }
  };
  return { editing, openEdit: setEditing, closeEdit: () => setEditing(null), save, savingEdit: mutation.isPending };
}
