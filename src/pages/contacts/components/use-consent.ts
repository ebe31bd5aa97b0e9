import type { HttpError } from "@refinedev/core";
import { MSG } from "../../../../contract";
import { useCall, useCallMutation } from "../../../api";
import { toast } from "../../../components/toast";

/** How many history events the drawer shows (the newest; the call pages the rest). */
export const CONSENT_HISTORY_SHOWN = 20;

export interface ConsentInput {
  channel: "sms" | "whatsapp" | "rcs" | "all";
  purpose: "marketing" | "any";
  status: "opted_in" | "opted_out";
  method: "form" | "api" | "import" | "agent" | "complaint";
  proof: string;
}

/** One number's consent: the current state per channel, the newest events, and recording a new one. */
export function useConsent(number: string) {
  const params = { number };
  const state = useCall("consent.get", { params }, { errorNotification: false });
  const history = useCall(
    "consent.history",
    { params, query: { page: 1, limit: CONSENT_HISTORY_SHOWN } },
    { errorNotification: false },
  );
  const recordCall = useCallMutation("consent.record");
  const record = async (input: ConsentInput) => {
    const reply = await recordCall.mutateAsync({
      params,
      body: { ...input, proof: input.proof.trim() || undefined },
      successNotification: false,
      errorNotification: (err?: HttpError) => ({ type: "error" as const, message: err?.message || MSG.somethingWrong }),
    });
    toast.success(reply.message);
    await Promise.all([state.query.refetch(), history.query.refetch()]);
  };
  return {
    state: state.query.data?.data.data,
    history: history.query.data?.data.data ?? [],
    total: history.query.data?.data.total ?? 0,
    loading: state.query.isLoading || history.query.isLoading,
    failed: state.query.isError || history.query.isError,
    record,
    recording: recordCall.isPending,
  };
}
