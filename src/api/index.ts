export * from "./light";
export { localCheck, roleMayCall, buildQuery } from "./local-checks";
export type { CallerLike } from "./local-checks";
// Reply shapes are the contract's response schemas (contract/calls/records.ts); no second copy here.
export type { BalanceRequestRow, CallReply, LedgerKind, LedgerRow, StatusCount, UserRecord } from "../../contract";
export { callRequest, useCall, useCallMutation } from "./use-call";
export type { CallData, CallInput, CallMutationArgs } from "./use-call";
