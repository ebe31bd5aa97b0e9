import { MSG } from "../contract";
import type { ResourceDef } from "./types";

/** A sub-account's request for a top-up, answered by its parent. No route of its own in SPEC 2. */
export const balanceRequests: ResourceDef = {
  name: "balance-requests",
  label: "Balance requests",
  icon: "billing",
  routes: [],
  actions: {
    list: "balance.requests",
    create: "balance.request",
  },
  // SPEC 5: the amount must be present and above zero; nothing is sent otherwise.
  checkCreate: (values) => {
    const amount = Number(values.requestedBalance);
    return Number.isFinite(amount) && amount > 0 ? null : MSG.invalidBalanceAmount;
  },
  shownIn: "dashboard (operators) and ledger billing (requesters)",
};

/** The caller's own balance requests with their outcome (the requester's view; parents decide the others). */
export const myBalanceRequests: ResourceDef = {
  name: "my-balance-requests",
  label: "My balance requests",
  icon: "billing",
  routes: [],
  actions: { list: "balance.myRequests" },
  shownIn: "ledger billing (requesters)",
};
