import { useInvalidate, useList, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { MSG } from "../../../contract";
import { useCallMutation, type CallReply } from "../../api";

export type SmsAccount = CallReply<"sms.accounts.list">["data"][number];

const errorToast = (fallback: string) => (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || fallback,
});

/**
 * The SMS channel screen's state: the caller's accounts (SPEC 4: a failed fetch empties the list and says so),
 * activation by id and isActive, and which account's DLT registration is open for editing.
 */
export function useSmsAccounts() {
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<SmsAccount | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const { query } = useList<SmsAccount, HttpError>({
    resource: "sms-accounts",
    pagination: { mode: "off" },
    errorNotification: errorToast(MSG.fetchSmsAccounts),
  });
  const { mutateAsync } = useCallMutation("sms.accounts.activate");
  const failed = query.isError;

  const refresh = () => invalidate({ resource: "sms-accounts", invalidates: ["list"] });

  return {
    // A failed fetch shows no stale rows (SPEC 4): the list is empty until a fetch succeeds.
    accounts: failed ? [] : (query.data?.data ?? []),
    loading: query.isLoading,
    error: failed ? query.error?.message || MSG.fetchSmsAccounts : null,
    refresh,
    pendingId,
    editing,
    setEditing,
    setActive: async (account: SmsAccount, isActive: boolean) => {
      setPendingId(account.id);
      try {
        await mutateAsync({
          body: { id: account.id, isActive },
          successNotification: (res) => ({ type: "success", message: res?.data.message ?? "Saved" }),
          errorNotification: errorToast(MSG.somethingWrong),
        });
        await refresh();
      } catch {
        // The error toast has told the person; the switch shows the stored state again.
      } finally {
        setPendingId(null);
      }
    },
  };
}
