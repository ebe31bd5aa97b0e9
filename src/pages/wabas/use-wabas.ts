import { useInvalidate, useList, type HttpError } from "@refinedev/core";
import type { PhoneNumberRow, WabaPhoneNumber, WabaRecord } from "../../../contract";
import { MSG } from "../../../contract";
import { useCall, useCallMutation } from "../../api";
import { useAbility } from "../../providers";

const asPhone = (row: PhoneNumberRow): WabaPhoneNumber => ({
  id: row.id,
  display_phone_number: row.display_phone_number ?? row.id,
  verified_name: row.verified_name ?? "",
  quality_rating: row.quality_rating ?? "UNKNOWN",
  account_mode: row.account_mode ?? "SANDBOX",
});

/**
 * The WhatsApp channel's data. Managers and users list their WABAs (waba.active) and may connect one; a
 * department head may only read numbers and analytics, so its numbers come from the phone-numbers call.
 */
export function useWabas() {
  const ability = useAbility();
  const canList = ability.can("call", "waba.active");
  const canConnect = ability.can("call", "waba.onboarding");
  const canEditProfile = ability.can("call", "waba.businessProfile.set");
  const invalidate = useInvalidate();

  const list = useList<WabaRecord, HttpError>({
    resource: "wabas",
    pagination: { mode: "off" },
    queryOptions: { enabled: canList },
  });
  const { query: numbers } = useCall(
    "waba.phoneNumbers",
    {},
    { queryOptions: { enabled: !canList }, errorNotification: false },
  );
  const onboarding = useCallMutation("waba.onboarding");

  /** The sandbox's connect (no values), or Embedded Signup's code with the WABA and number the business chose. */
  const connect = async (values: Record<string, unknown> = {}): Promise<boolean> => {
    try {
      await onboarding.mutateAsync({
        body: values,
        successNotification: (res) => ({ type: "success", message: res?.data.message ?? "WhatsApp connected" }),
        errorNotification: (err) => ({ type: "error", message: err?.message || "WhatsApp could not be connected" }),
      });
    } catch {
      // The error toast has said why.
      return false;
    }
    await invalidate({ resource: "wabas", invalidates: ["list", "all"] });
    return true;
  };

  const wabas = list.result.data ?? [];
  const phones = canList ? wabas.flatMap((w) => w.phone_numbers) : (numbers.data?.data.data ?? []).map(asPhone);
  const active = canList ? list.query : numbers;
  return {
    wabas: canList ? wabas : [],
    phones,
    loading: active.isPending,
    error: active.isError ? (active.error?.message ?? MSG.fetchPhoneNumbers) : undefined,
    retry: () => active.refetch(),
    canList,
    canConnect,
    canEditProfile,
    connect,
    connecting: onboarding.isPending,
  };
}
