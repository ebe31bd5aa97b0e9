import { useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import { buildPath, type BalanceRequestRecord, type CallId } from "../../../../contract";
import { useBalance } from "../../../shell/balance/use-balance";
import { formatINR } from "../../../shell/format";
import { useInvalidateCustom } from "../../../lib/invalidate-custom";

interface DecisionResponse {
  success: boolean;
  message?: string;
  data: BalanceRequestRecord;
}

/** Formatted here (₹1,500.00): the server's message carries the plain amount. */
function decidedMessage(r: BalanceRequestRecord): string {
  return r.status === "approved"
    ? `Approved ${formatINR(r.amount)} for ${r.username}`
    : `Rejected ${r.username}'s request for ${formatINR(r.amount)}`;
}

const errorToast = (err?: HttpError) => ({
  type: "error" as const,
  message: err?.message || "The request could not be decided",
});

/**
 * Approve or reject one balance request through the data provider (`custom` by call id). On success the
 * parent's lists and its own balance are fetched again: an approval is paid from that balance.
 */
export function useDecideRequest() {
  const { mutateAsync, mutation } = useCustomMutation<DecisionResponse, HttpError, { reason?: string }>();
  const invalidate = useInvalidate();
  const { refresh } = useBalance();
  const invalidateCustom = useInvalidateCustom();

  const run = async (callId: CallId, request: BalanceRequestRecord, values: { reason?: string }) => {
    const params = { id: request._id };
    await mutateAsync({
      url: buildPath(callId, params),
      method: "post",
      values,
      meta: { callId, params },
      successNotification: (res) => ({ type: "success", message: res ? decidedMessage(res.data.data) : "Done" }),
      errorNotification: errorToast,
    });
    // Balances moved: the lists, figures and quota screens that show them are read again.
    await Promise.all([
      invalidate({ resource: "balance-requests", invalidates: ["list"] }),
      invalidate({ resource: "quota", invalidates: ["list"] }),
      invalidate({ resource: "team-reports", invalidates: ["list"] }),
      invalidate({ resource: "users", invalidates: ["list"] }),
      invalidateCustom([
        "dashboard.overview",
        "dashboard.statusCounts",
        "dashboard.storedStatusCounts",
        "quota.summary",
      ]),
      refresh(),
    ]);
  };

  return {
    busy: mutation.isPending,
    approve: (request: BalanceRequestRecord) => run("balance.approveRequest", request, {}),
    reject: (request: BalanceRequestRecord, reason: string) => run("balance.rejectRequest", request, { reason }),
  };
}
