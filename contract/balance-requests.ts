/** Balance requests: what both ends agree on beyond the call table (record shape, states, the pushed event). */
export const BALANCE_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type BalanceRequestStatus = (typeof BALANCE_REQUEST_STATUSES)[number];

export interface BalanceRequestRecord {
  _id: string;
  userId: string;
  /** The requester's username. */
  username: string;
  amount: number;
  status: BalanceRequestStatus;
  /** Why it was rejected; empty otherwise. */
  reason: string;
  /** Username of whoever decided it, null while pending. */
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** socket.io event sent to the requester's room when a parent approves or rejects; the payload is the record. */
export const BALANCE_REQUEST_DECIDED_EVENT = "balanceRequestDecided";

