/** Balance requests: what both ends agree on beyond the call table (record shape, states, the pushed event). */
export const BALANCE_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type BalanceRequestStatus = (typeof BALANCE_REQUEST_STATUSES)[number];

/** A balance request as both ends see it: the call table's reply schema is its one definition. */
export type { BalanceRequestRow as BalanceRequestRecord } from "./calls/records";

/** socket.io event sent to the requester's room when a parent approves or rejects; the payload is the record. */
export const BALANCE_REQUEST_DECIDED_EVENT = "balanceRequestDecided";

