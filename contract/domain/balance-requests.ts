import type { BalanceRequestRow } from "../calls/records";
import { formatINR } from "./inr";

/**
 * Balance requests: what both ends agree on beyond the call table (record shape, states, the pushed event, its words).
 */
export const BALANCE_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type BalanceRequestStatus = (typeof BALANCE_REQUEST_STATUSES)[number];

/** A balance request as both ends see it: the call table's reply schema is its one definition. */
export type { BalanceRequestRow as BalanceRequestRecord } from "../calls/records";

/** socket.io event sent to the requester's room when a parent approves or rejects; the payload is the record. */
export const BALANCE_REQUEST_DECIDED_EVENT = "balanceRequestDecided";

/** What the requester is told of a decision (the bell and the toast): the same words on both ends. */
export function balanceDecisionText(r: Pick<BalanceRequestRow, "status" | "amount" | "decidedBy" | "reason">): {
  title: string;
  description: string;
} {
  const by = r.decidedBy ?? "your account manager";
  return r.status === "approved"
    ? { title: "Balance request approved", description: `${formatINR(r.amount)} was added to your balance by ${by}.` }
    : {
        title: "Balance request rejected",
        description: `Your request for ${formatINR(r.amount)} was rejected by ${by}: ${r.reason}`,
      };
}
