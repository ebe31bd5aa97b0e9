import { useList, type CrudFilter, type HttpError } from "@refinedev/core";
import { MSG } from "../../../contract";
import type { CallReply } from "../../api";

type ListReply = CallReply<"sms.templates.list">;
export type SmsTemplate = ListReply["data"][number];
export type SmsAccountChoice = ListReply["accounts"][number];

export const errorToast = (fallback: string) => (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || fallback,
});

/**
 * The templates the caller reaches (of one SMS account when `smsAccountId` is set) and the accounts it may write
 * for, which the same call answers. A failed fetch empties both and names SPEC 8's message.
 */
export function useSmsTemplates(smsAccountId?: string, options: { notify?: boolean } = {}) {
  const filters: CrudFilter[] = smsAccountId ? [{ field: "smsAccountId", operator: "eq", value: smsAccountId }] : [];
  const { query } = useList<SmsTemplate, HttpError>({
    resource: "sms-templates",
    pagination: { mode: "off" },
    filters,
    errorNotification: options.notify === false ? false : errorToast(MSG.fetchSmsTemplates),
  });
  const failed = query.isError;
  const accounts = (query.data as { accounts?: SmsAccountChoice[] } | undefined)?.accounts ?? [];
  return {
    templates: failed ? [] : (query.data?.data ?? []),
    accounts: failed ? [] : accounts,
    loading: query.isLoading,
    fetching: query.isFetching,
    error: failed ? query.error?.message || MSG.fetchSmsTemplates : null,
    refetch: () => query.refetch(),
  };
}
